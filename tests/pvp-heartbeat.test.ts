import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../src/server/context';
import { pvpInstances } from '../src/server/db/schema-pvp';
import { heartbeat } from '../src/server/pvp/storage/battles';
import { isPostgresUrl, openTestDatabase, type TestDatabase } from './helpers/test-db';

/**
 * An instance's heartbeat (pvp/storage/battles.ts) renews its own row and forgets the rows of dead
 * instances that own nothing, in one statement. Two instances each seeing the other as dead (both
 * rows expired after a database outage) must not wait on each other's row: the one that waited
 * would deadlock or time out and lose its own renewal. On PostgreSQL (PGlite runs one statement at
 * a time, so nothing ever waits there).
 */

const onPostgres = isPostgresUrl(process.env.TEST_DATABASE_URL ?? '');
if (!onPostgres) console.warn('pvp-heartbeat.test: skipped: the database is not PostgreSQL (set DATABASE_URL to run it).');

let database: TestDatabase;
beforeAll(async () => {
  if (onPostgres) database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const context = (db: AppContext['db']) => ({ db, clock: { now: () => new Date() } }) as unknown as AppContext;

describe.skipIf(!onPostgres)(`the heartbeat${onPostgres ? '' : ' (skipped: the database is not PostgreSQL)'}`, () => {
  it('passes over a dead-looking instance whose row another heartbeat holds, and leaves that row to it', async () => {
    const past = new Date(Date.now() - 60_000);
    await database.db.insert(pvpInstances).values([
      { id: 'hb-a', aliveUntil: past },
      { id: 'hb-b', aliveUntil: past },
      { id: 'hb-gone', aliveUntil: past },
    ]);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let renewing: () => void = () => undefined;
    const renewed = new Promise<void>((resolve) => (renewing = resolve));
    // A's heartbeat, still open: it has renewed its row and holds it.
    const a = database.db.transaction(async (tx) => {
      await tx.update(pvpInstances).set({ aliveUntil: new Date(Date.now() + 3000) }).where(eq(pvpInstances.id, 'hb-a'));
      renewing();
      await held;
    });
    await renewed;
    // B's heartbeat sees A as dead (A has not committed). Waiting for A's row would end in the
    // lock timeout here; passed over, it answers at once.
    const beat = await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`set local lock_timeout = '5s'`);
        return heartbeat(context(tx as unknown as AppContext['db']), 'hb-b', []);
      })
      .finally(async () => {
        release();
        await a;
      });
    expect(beat).toEqual({ lost: [], taken: [] });
    const rows = await database.db.select().from(pvpInstances);
    const ids = rows.map((r) => r.id).sort();
    // A keeps its renewed row, B has renewed its own, and the dead instance nobody held is gone.
    expect(ids).toEqual(['hb-a', 'hb-b']);
    for (const row of rows) expect(row.aliveUntil.getTime()).toBeGreaterThan(Date.now());
  });
});
