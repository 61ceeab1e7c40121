import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

/**
 * The game server as a real child process (`node --import tsx src/server/main.ts`), for tests that need
 * separate instances, signals or a kill -9 in the middle of play.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
/**
 * The per-address limits off (registrations, connections, unauthenticated connections, the /api ceiling): every
 * test player and socket comes from 127.0.0.1. Tests of these limits set them again.
 */
export const UNLIMITED_ADDRESS = { REGISTRATION_LIMIT: '0', MAX_CONNECTIONS_PER_ADDRESS: '0', MAX_UNAUTHENTICATED_PER_ADDRESS: '0', API_RATE_LIMIT: '0' } as const;

/** The line main.ts logs (at LOG_LEVEL info) once it listens. */
export const UP_LINE = 'Glitch Arena is up';

export function freePort(): Promise<number> {
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

export async function waitFor(check: () => boolean, ms: number, what = 'condition'): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export interface ProcessRun {
  child: ChildProcess;
  /** Everything the process printed so far (stdout and stderr). */
  output: () => string;
  /** Resolves with the exit code (null when killed by a signal). */
  exit: Promise<number | null>;
}

/**
 * Spawns main.ts with exactly this environment (plus PATH); does not wait for anything.
 * Node loads tsx as a hook (not the tsx CLI, which would run the server in a grandchild that a
 * signal to the child never reaches).
 */
export function runServer(env: Record<string, string>, { compiled = false } = {}): ProcessRun {
  // `compiled` runs what `npm start` runs: the bundle with plain node, no TypeScript loader.
  const args = compiled ? ['dist/server/main.js'] : ['--import', 'tsx', 'src/server/main.ts'];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', ...UNLIMITED_ADDRESS, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exit };
}

export interface ServerProcess {
  port: number;
  /** http://127.0.0.1:<port> */
  url: string;
  /** ws://127.0.0.1:<port>/ws */
  wsUrl: string;
  /** Output of the current run. */
  output: () => string;
  /** Sends a signal (default SIGKILL) and waits for the process to be gone. */
  kill: (signal?: NodeJS.Signals) => Promise<number | null>;
  /** Starts it again on the same port and environment, waiting until it serves. */
  restart: () => Promise<void>;
  /** SIGTERM (clean shutdown) if it is running. */
  stop: () => Promise<void>;
  /** Freezes the process (SIGSTOP) and thaws it (SIGCONT): out of play for a while, back at once without a start-up. */
  pause: () => void;
  resume: () => void;
  running: () => boolean;
}

export interface StartOptions {
  /** Environment for the server: DATABASE_URL, REDIS_URL, PVP_TURN_SECONDS, ... */
  env: Record<string, string>;
  port?: number;
  /** How long to wait for the "up" line; migrations and seeding run first. */
  startTimeoutMs?: number;
}

/** Starts a server process and resolves once it listens. */
export async function startServerProcess({ env, port: wanted, startTimeoutMs = 60_000 }: StartOptions): Promise<ServerProcess> {
  const port = wanted ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  let run: ProcessRun | null = null;
  let alive = false;

  const launch = async () => {
    const current = runServer({ HOST: '127.0.0.1', LOG_LEVEL: 'warn', ALLOWED_ORIGINS: url, ...env, PORT: String(port) });
    run = current;
    alive = true;
    void current.exit.then(() => {
      if (run === current) alive = false;
    });
    // LOG_LEVEL warn hides the "up" line, so poll the port instead of reading output.
    const until = Date.now() + startTimeoutMs;
    for (;;) {
      if (!alive) throw new Error(`server exited during start-up:\n${current.output()}`);
      try {
        const res = await fetch(`${url}/api/user`);
        if (res.status === 401) return;
      } catch {
        /* not listening yet */
      }
      if (Date.now() > until) throw new Error(`server did not start within ${startTimeoutMs} ms:\n${current.output()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  const kill = async (signal: NodeJS.Signals = 'SIGKILL') => {
    if (!run || !alive) return null;
    const current: ProcessRun = run;
    current.child.kill(signal);
    return current.exit;
  };

  await launch();
  return {
    port,
    url,
    wsUrl: `ws://127.0.0.1:${port}/ws`,
    output: () => (run ? (run as ProcessRun).output() : ''),
    kill,
    restart: launch,
    stop: async () => {
      await kill('SIGTERM');
    },
    pause: () => {
      if (run && alive) (run as ProcessRun).child.kill('SIGSTOP');
    },
    resume: () => {
      if (run && alive) (run as ProcessRun).child.kill('SIGCONT');
    },
    running: () => alive,
  };
}
