import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sleep } from './stats';

/** A free TCP port on this machine. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export interface Proc {
  child: ChildProcess;
  pid: number;
  port: number;
  base: string;
  /** Resident memory of the process in bytes (Linux /proc). */
  rss(): number;
  /** Output so far (for error reports). */
  output(): string;
  stop(): Promise<void>;
}

const NODE_ARGS = ['--import', 'tsx'];

/** A generator's input goes through a file: thousands of cookies are too big for the environment. */
function inputEnv(input: unknown): Record<string, string> {
  const file = join(mkdtempSync(join(tmpdir(), 'ga-bench-')), 'input.json');
  writeFileSync(file, JSON.stringify(input));
  return { BENCH_INPUT_FILE: file };
}

/**
 * Starts a TypeScript entry in its own node process (no wrapper process in between, so the
 * pid is the server's and its memory can be read) and waits until `ready` answers.
 */
export async function startProcess(
  entry: string,
  env: Record<string, string>,
  {
    ready,
    nodeArgs = [],
    timeoutMs = 60_000,
    stopTimeoutMs = 12_000,
  }: { ready: (base: string) => Promise<boolean>; nodeArgs?: string[]; timeoutMs?: number; /** SIGKILL if it has not exited this long after SIGTERM. */ stopTimeoutMs?: number },
): Promise<Proc> {
  const port = Number(env.PORT) || (await freePort());
  // A compiled entry (.js) runs with plain node, as in production; TypeScript ones through tsx.
  const loader = entry.endsWith('.js') ? [] : NODE_ARGS;
  const child = spawn(process.execPath, [...nodeArgs, ...loader, entry], {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const keep = (chunk: Buffer) => {
    out = (out + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const base = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${entry} exited (${child.exitCode}):\n${out}`);
    if (await ready(base).catch(() => false)) break;
    if (Date.now() - started > timeoutMs) {
      child.kill('SIGKILL');
      throw new Error(`${entry} did not start within ${timeoutMs} ms:\n${out}`);
    }
    await sleep(100);
  }
  return {
    child,
    pid: child.pid!,
    port,
    base,
    rss: () => {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      return kb * 1024;
    },
    output: () => out,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), stopTimeoutMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

let serverBuilt = false;

/**
 * The node flags `npm run serve` (and so `npm start`) gives the server, read from package.json:
 * the bench measures the server as it runs in production, tuning flags included.
 */
export function serveNodeFlags(): string[] {
  const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;
  const words = (scripts.serve ?? '').split(/\s+/);
  const node = words.indexOf('node');
  const entry = words.findIndex((w) => w.endsWith('main.js'));
  return node >= 0 && entry > node ? words.slice(node + 1, entry) : [];
}

/** The game server as `npm start` runs it (the compiled bundle, built once per bench run, with the same node flags) on a database, quiet. */
export function startGameServer(env: Record<string, string>, nodeArgs: string[] = []): Promise<Proc> {
  if (!serverBuilt) {
    execFileSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'ignore' });
    serverBuilt = true;
  }
  // BENCH_PROFILE_DIR=dir writes a V8 CPU profile of every game server the bench starts.
  const profile = process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : [];
  return startProcess(
    'dist/server/main.js',
    // Every load generator connects from 127.0.0.1: the per-address limits are off. A bench
    // server closes its sockets at once when stopped unless a figure asks for the spread.
    { HOST: '127.0.0.1', LOG_LEVEL: 'warn', REGISTRATION_LIMIT: '0', MAX_CONNECTIONS_PER_ADDRESS: '0', MAX_UNAUTHENTICATED_PER_ADDRESS: '0', API_RATE_LIMIT: '0', SHUTDOWN_SPREAD_MS: '0', ...env },
    {
      ready: async (base) => (await fetch(`${base}/api/user`)).status === 401,
      nodeArgs: [...serveNodeFlags(), ...profile, ...nodeArgs],
      // A shutdown may take its spread plus 10 s (src/server/main.ts).
      stopTimeoutMs: Number(env.SHUTDOWN_SPREAD_MS ?? 0) + 12_000,
    },
  );
}

/** A baseline server of bench/baselines (answers GET / once up). */
export function startBaseline(entry: string, nodeArgs: string[] = []): Promise<Proc> {
  return startProcess(entry, { HOST: '127.0.0.1' }, { ready: async (base) => (await fetch(`${base}/`)).ok, nodeArgs });
}

/**
 * Runs a load generator (bench/load/*.ts) in its own process with a JSON input; it prints its
 * JSON result as the last line of its output.
 */
export async function runLoad<T>(entry: string, input: unknown, timeoutMs = 240_000, env: Record<string, string> = {}): Promise<T> {
  const child = spawn(process.execPath, [...NODE_ARGS, entry], {
    env: { ...process.env, ...env, ...inputEnv(input) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (err = (err + c.toString()).slice(-10_000)));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearTimeout(timer);
  const last = out.trim().split('\n').at(-1) ?? '';
  if (code !== 0) throw new Error(`${entry} failed (${code}): ${err || out}`);
  try {
    return JSON.parse(last) as T;
  } catch {
    throw new Error(`${entry} printed no result: ${out.slice(-2000)} ${err}`);
  }
}

/** The input a load generator was started with. */
export function loadInput<T>(): T {
  const file = process.env.BENCH_INPUT_FILE;
  return JSON.parse(file ? readFileSync(file, 'utf8') : '{}') as T;
}

export interface Holder {
  pid: number;
  /** Resolves with the first JSON line the generator prints that has `key`. */
  next<T>(key: string, timeoutMs?: number): Promise<T>;
  /** Sends a JSON command on the generator's stdin. */
  tell(command: unknown): void;
  stop(): Promise<void>;
}

/**
 * A long-running load generator that reports progress as JSON lines and takes JSON commands on
 * stdin, e.g. one that holds sockets open while the runner reads the server's memory.
 */
export function startHolder(entry: string, input: unknown): Holder {
  const child = spawn(process.execPath, [...NODE_ARGS, entry], {
    env: { ...process.env, ...inputEnv(input) },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const lines: Record<string, unknown>[] = [];
  const waiters: { key: string; resolve: (v: unknown) => void }[] = [];
  let buffer = '';
  let err = '';
  child.stderr.on('data', (c: Buffer) => (err = (err + c.toString()).slice(-10_000)));
  child.stdout.on('data', (c: Buffer) => {
    buffer += c.toString();
    let at;
    while ((at = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, at);
      buffer = buffer.slice(at + 1);
      try {
        const value = JSON.parse(line) as Record<string, unknown>;
        const waiter = waiters.findIndex((w) => w.key in value);
        if (waiter >= 0) waiters.splice(waiter, 1)[0]!.resolve(value);
        else lines.push(value);
      } catch {
        /* not a report line */
      }
    }
  });
  return {
    pid: child.pid!,
    next<T>(key: string, timeoutMs = 180_000) {
      const ready = lines.findIndex((l) => key in l);
      if (ready >= 0) return Promise.resolve(lines.splice(ready, 1)[0] as T);
      return new Promise<T>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${entry}: no "${key}" within ${timeoutMs} ms ${err}`)), timeoutMs);
        child.once('exit', (code) => {
          clearTimeout(timer);
          reject(new Error(`${entry} exited (${code}) before "${key}": ${err}`));
        });
        waiters.push({
          key,
          resolve: (v) => {
            clearTimeout(timer);
            resolve(v as T);
          },
        });
      });
    },
    tell(command) {
      child.stdin.write(`${JSON.stringify(command)}\n`);
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/** In a holder: JSON commands from stdin, one per line. */
export function onCommand(handler: (command: Record<string, unknown>) => void): void {
  let buffer = '';
  process.stdin.on('data', (c: Buffer) => {
    buffer += c.toString();
    let at;
    while ((at = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, at);
      buffer = buffer.slice(at + 1);
      if (line.trim()) handler(JSON.parse(line) as Record<string, unknown>);
    }
  });
}

export const report = (value: unknown) => console.log(JSON.stringify(value));
