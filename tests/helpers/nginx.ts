import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './server-process';

/**
 * nginx with deploy/nginx.conf, as a process of the test on loopback ports: the file's ports,
 * certificate, logs and client folder (its lines marked `# test:`) are replaced by the test's
 * own; everything else is the file as an operator runs it.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
export const NGINX_CONF = join(root, 'deploy', 'nginx.conf');

export interface Nginx {
  /** https://127.0.0.1:<port> (a self-signed certificate) */
  url: string;
  /** http://127.0.0.1:<port>, the server that redirects to https */
  plainUrl: string;
  accessLog: () => string;
  errorLog: () => string;
  stop: () => Promise<void>;
}

/** deploy/nginx.conf with the test's ports and paths; throws if a line it replaces is gone. */
export function nginxConfForTest(conf: string, at: { dir: string; port: number; plainPort: number; upstreams: [number, number]; clientDir: string }): string {
  const swaps: [RegExp, string][] = [
    [/^pid .*$/m, `pid ${at.dir}/nginx.pid;`],
    [/^error_log .*$/m, `error_log ${at.dir}/error.log warn;`],
    [/access_log \/var\/log\/nginx\/glitch-arena\.log game;/, `access_log ${at.dir}/access.log game;`],
    [/server 127\.0\.0\.1:5001 /, `server 127.0.0.1:${at.upstreams[0]} `],
    [/server 127\.0\.0\.1:5002 /, `server 127.0.0.1:${at.upstreams[1]} `],
    [/listen 80;/, `listen 127.0.0.1:${at.plainPort};`],
    [/listen 443 ssl http2;/, `listen 127.0.0.1:${at.port} ssl http2;`],
    [/ssl_certificate \/\S+;/, `ssl_certificate ${at.dir}/cert.pem;`],
    [/ssl_certificate_key \/\S+;/, `ssl_certificate_key ${at.dir}/key.pem;`],
    [/root \/srv\/glitch-arena\/dist\/client;/, `root ${at.clientDir};`],
  ];
  let out = conf;
  for (const [pattern, replacement] of swaps) {
    if (!pattern.test(out)) throw new Error(`deploy/nginx.conf no longer has a line matching ${pattern}`);
    out = out.replace(pattern, replacement);
  }
  return out;
}

/** Starts nginx in front of two instances; resolves once it answers. */
export async function startNginx(upstreams: [number, number], clientDir = join(root, 'dist', 'client')): Promise<Nginx> {
  const dir = mkdtempSync(join(tmpdir(), 'ga-nginx-'));
  const [port, plainPort] = [await freePort(), await freePort()];
  const cert = spawnSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-keyout', `${dir}/key.pem`, '-out', `${dir}/cert.pem`], { encoding: 'utf8' });
  if (cert.status !== 0) throw new Error(`openssl could not make a certificate: ${cert.stderr}`);
  writeFileSync(`${dir}/nginx.conf`, nginxConfForTest(readFileSync(NGINX_CONF, 'utf8'), { dir, port, plainPort, upstreams, clientDir }));
  const check = spawnSync(NGINX, ['-t', '-q', '-p', dir, '-c', `${dir}/nginx.conf`], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx -t failed: ${check.stderr}`);

  const child: ChildProcess = spawn(NGINX, ['-p', dir, '-c', `${dir}/nginx.conf`, '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  let gone = false;
  void exited.then(() => (gone = true));

  const url = `https://127.0.0.1:${port}`;
  const read = (name: string) => (existsSync(join(dir, name)) ? readFileSync(join(dir, name), 'utf8') : '');
  for (;;) {
    if (gone) throw new Error(`nginx exited at start-up: ${output}${read('error.log')}`);
    try {
      // Listening is enough: a plain connection to the redirecting server answers at once.
      const res = await fetch(`http://127.0.0.1:${plainPort}/`, { redirect: 'manual' });
      if (res.status === 301) break;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    plainUrl: `http://127.0.0.1:${plainPort}`,
    accessLog: () => read('access.log'),
    errorLog: () => read('error.log'),
    stop: async () => {
      if (!gone) {
        // SIGTERM: nginx closes its connections and exits at once.
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
