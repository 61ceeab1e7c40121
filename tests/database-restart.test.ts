import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase, type Database } from '../src/server/db/client';
import { BUSY_MESSAGES } from '../src/server/http/errors';
import { prepareDatabase } from '../src/server/setup';
import { Player } from './helpers/player';
import { scratchPostgresUnavailable, startScratchPostgres, type ScratchPostgres } from './helpers/scratch-postgres';

/**
 * PostgreSQL restarting under a running instance: while it is down, requests answer 503 with a
 * message and Retry-After (not 500); once it is back, the first request on every pooled
 * connection (each one closed by the restart, which the pool only learns on its next use) works.
 * On a PostgreSQL server of the test's own, so the shared one is never stopped.
 */

const unavailable = scratchPostgresUnavailable();
if (unavailable) console.warn(`database-restart.test: skipped: ${unavailable}`);

const POOL_SIZE = 6;
let pg: ScratchPostgres;
let database: Database;
let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  if (unavailable) return;
  pg = await startScratchPostgres();
  database = openDatabase({ url: pg.url, poolSize: POOL_SIZE });
  await prepareDatabase(database);
  const clientDir = mkdtempSync(join(tmpdir(), 'ga-client-'));
  writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>test</title>');
  const config = loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: pg.url, REGISTRATION_LIMIT: '0' });
  app = await buildApp({ config, db: database.db, clientDir });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  pg?.destroy();
});

describe.skipIf(unavailable !== null)(`a PostgreSQL restart${unavailable ? ` (skipped: ${unavailable})` : ''}`, () => {
  it('answers 503 while the database is down and serves every request once it is back', async () => {
    const players = await Promise.all(
      Array.from({ length: POOL_SIZE * 2 }, async (_, i) => {
        const p = new Player(base);
        await p.register();
        await p.post('/api/characters', { name: `Restart ${i}`, class: 'warrior', characterAvatar: 'warrior1' });
        return p;
      }),
    );
    // Every pooled connection has been used and is idle now.
    await Promise.all(players.map((p) => p.get('/api/characters')));

    pg.stop();
    const down = await players[0]!.get('/api/characters');
    expect(down.status).toBe(503);
    expect(down.body.message).toBe(BUSY_MESSAGES.unavailable);
    expect(down.headers.get('retry-after')).toBe('2');
    pg.start();

    // Reads (single statements) and actions (transactions), more at once than the pool holds.
    const answers = await Promise.all(
      players.flatMap((p) => [p.get('/api/characters'), p.get('/api/user'), p.post('/api/guilds/donate', { amount: 1 }), p.get('/api/quests')]),
    );
    const failures = answers.filter((a) => a.status >= 500).map((a) => `${a.status} ${a.text}`);
    expect(failures).toEqual([]);
  });
});
