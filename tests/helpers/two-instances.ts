import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import type { Bus } from '../../src/server/bus/bus';
import { createRedisBus } from '../../src/server/bus/redis-bus';
import { loadConfig } from '../../src/server/config';
import { openDatabase, type Database } from '../../src/server/db/client';
import { UNLIMITED_ADDRESS } from './server-process';
import { startTestApp, type TestApp } from './test-app';

export interface TwoInstances {
  /** The first instance (a test app with its own database). */
  a: TestApp;
  /** A second app on the same database, its own pool and its own Redis bus. */
  b: { app: FastifyInstance; database: Database; base: string };
  busA: Bus;
  busB: Bus;
  close(): Promise<void>;
}

/** Two instances of the game on one PostgreSQL database and one Redis, sharing a fresh key prefix. */
export async function startTwoInstances(redisUrl: string): Promise<TwoInstances> {
  const prefix = `ga-test-${randomBytes(4).toString('hex')}:`;
  const quiet = { warn: () => undefined, error: () => undefined };
  const busA = createRedisBus(redisUrl, { prefix, log: quiet });
  const busB = createRedisBus(redisUrl, { prefix, log: quiet });
  const a = await startTestApp({ realtime: { bus: busA } });
  const database = openDatabase({ url: a.database.url, poolSize: 5 });
  const clientDir = mkdtempSync(join(tmpdir(), 'ga-client-'));
  writeFileSync(join(clientDir, 'index.html'), '<!doctype html>');
  const config = loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: a.database.url, ...UNLIMITED_ADDRESS });
  const app = await buildApp({ config, db: database.db, clientDir, realtime: { bus: busB } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const b = { app, database, base: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
  return {
    a,
    b,
    busA,
    busB,
    async close() {
      await b.app.close();
      await b.database.close();
      await a.close();
      await busA.close();
      await busB.close();
    },
  };
}
