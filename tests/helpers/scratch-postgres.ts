import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './server-process';

/**
 * A PostgreSQL server of the test's own (initdb into a temporary folder, on a free loopback port),
 * for tests that stop and restart the database itself, which the shared one must never be.
 * Needs the PostgreSQL server binaries (Debian's postgresql package); as root it runs them as the
 * `postgres` user, as PostgreSQL refuses to run as root.
 */
export interface ScratchPostgres {
  url: string;
  stop(): void;
  start(): void;
  /** Stops the server for good and deletes its files. */
  destroy(): void;
}

function binDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) if (existsSync(join(root, v, 'bin', 'pg_ctl'))) return join(root, v, 'bin');
  return null;
}

/** Why a scratch server cannot run here, or null when it can. */
export function scratchPostgresUnavailable(): string | null {
  if (!binDir()) return 'no PostgreSQL server binaries (apt-get install postgresql)';
  if (process.getuid?.() === 0) {
    try {
      execFileSync('id', ['postgres'], { stdio: 'ignore' });
    } catch {
      return 'running as root without a postgres user';
    }
  }
  return null;
}

export async function startScratchPostgres(): Promise<ScratchPostgres> {
  const bin = binDir()!;
  const dir = mkdtempSync(join(tmpdir(), 'ga-pg-'));
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  const run = (tool: string, args: string[]) => {
    const command = asRoot ? 'runuser' : join(bin, tool);
    const argv = asRoot ? ['-u', 'postgres', '--', join(bin, tool), ...args] : args;
    execFileSync(command, argv, { stdio: 'ignore', timeout: 60_000 });
  };
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = () => run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start']);
  const stop = () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    destroy: () => {
      try {
        stop();
      } catch {
        /* already stopped */
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
