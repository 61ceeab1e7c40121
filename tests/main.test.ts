import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const tsx = `${root}node_modules/.bin/tsx`;

function run(env: Record<string, string>): { child: ChildProcess; output: () => string; exit: Promise<number | null> } {
  const child = spawn(tsx, ['src/server/main.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exit };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function waitFor(check: () => boolean, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('main', () => {
  it('stops at start-up with one line naming a bad variable', async () => {
    const { exit, output } = run({ PORT: 'not-a-port', DATABASE_URL: 'memory://' });
    expect(await exit).toBe(1);
    expect(output().trim()).toMatch(/^Invalid configuration: PORT [^\n]+$/);
  });

  it('serves the API, then shuts down cleanly on SIGTERM and SIGINT', async () => {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      const port = await freePort();
      const { child, exit, output } = run({ PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: 'memory://' });
      await waitFor(() => output().includes('Glitch Arena is up'), 60_000);
      const res = await fetch(`http://127.0.0.1:${port}/api/user`);
      expect(res.status).toBe(401);
      child.kill(signal);
      expect(await exit).toBe(0);
      expect(output()).toContain(`${signal} received`);
    }
  }, 180_000);
});
