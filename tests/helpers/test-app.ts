import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import type { Clock } from '../../src/server/context';
import type { LoginGateOptions } from '../../src/server/services/login-gate';
import type { PvpOptions } from '../../src/server/pvp';
import type { RealtimeOptions } from '../../src/server/realtime/setup';
import { UNLIMITED_ADDRESS } from './server-process';
import { openPgliteTestDatabase, openTestDatabase, type TestDatabase } from './test-db';

export const TEST_INDEX_HTML = '<!doctype html><title>Glitch Arena test client</title>';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  /** e.g. http://127.0.0.1:41234 */
  base: string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  /** Lets a test add routes before the app starts listening. */
  beforeListen?: (app: FastifyInstance) => void;
  /** A shared bus and shorter gateway limits (heartbeat, rate limit) for socket tests. */
  realtime?: RealtimeOptions;
  /** PvP timings and time (a `ManualTime` makes turns run out when the test says). */
  pvp?: PvpOptions;
  /** 'pglite' runs on PGlite in memory whatever the run's database is (the PGlite smoke file). */
  database?: 'pglite';
  /** What "now" is for the app's services (a test clock that moves). */
  clock?: Clock;
  /** How login attempts at an account's failure ceiling wait (a sleep that takes no wall time). */
  logins?: Partial<LoginGateOptions>;
  /** Receives the app's log lines (JSON, one per call); give LOG_LEVEL in `env` too. */
  logStream?: { write(line: string): void };
  /** Adds files to the stand-in built client (its folder) before the app starts. */
  prepareClient?: (clientDir: string) => void;
}

/** The real app on a random port over a fresh database, with a stand-in built client. */
export async function startTestApp({ env = {}, beforeListen, realtime, pvp, database: kind, clock, logins, logStream, prepareClient }: TestAppOptions = {}): Promise<TestApp> {
  const database = kind === 'pglite' ? await openPgliteTestDatabase() : await openTestDatabase();
  const clientDir = mkdtempSync(join(tmpdir(), 'ga-client-'));
  writeFileSync(join(clientDir, 'index.html'), TEST_INDEX_HTML);
  prepareClient?.(clientDir);
  // Tests register many players and open many connections from one address: the per-address
  // limits are off unless a test sets them.
  const config = loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: database.url, ...UNLIMITED_ADDRESS, LEADERBOARD_CACHE_MS: '0', ...env });
  const app = await buildApp({ config, db: database.db, clientDir, realtime, pvp, clock, logins, countStatements: true, pool: database.pool, settleEvents: true, logStream });
  beforeListen?.(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    database,
    base: `http://127.0.0.1:${port}`,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
