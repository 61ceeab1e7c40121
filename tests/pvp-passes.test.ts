import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CharacterView } from '../src/common/game-api';
import type { QueueStatusView } from '../src/common/pvp';
import { rowsOf } from '../src/server/db/client';
import { MATCH_BATCH } from '../src/server/pvp/storage';
import { claimSeats, lockMatching, MATCH_LOCK, type ClaimedSeat } from '../src/server/pvp/storage/queue';
import { isPostgresUrl } from './helpers/test-db';
import { Player } from './helpers/player';
import { startTestApp, type TestApp } from './helpers/test-app';
import { waitUntil } from './helpers/test-socket';

/**
 * Matching passes of several instances over one queue (pvp/storage lockMatching). A pass claims
 * the seats it pairs with SKIP LOCKED; two passes side by side would each see part of the queue.
 * On PostgreSQL (PGlite runs one transaction at a time, so no two passes ever overlap there).
 */

const onPostgres = isPostgresUrl(process.env.TEST_DATABASE_URL ?? '');
if (!onPostgres) console.warn('pvp-passes.test: skipped: the database is not PostgreSQL (set DATABASE_URL to run it).');

let t: TestApp;
beforeAll(async () => {
  if (onPostgres) t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function fighter(name: string) {
  const p = new Player(t.base);
  const { user } = await p.register();
  const character = (await p.post('/api/characters', { name, class: 'tank' })).body as CharacterView;
  return { p, user, character };
}

/** Transactions of this database waiting for the matching lock (a one-key lock below 2^32: objid is the key). */
async function waitingForPass(): Promise<number> {
  const rows = rowsOf<{ n: number }>(
    await t.database.db.execute(sql`
      select count(*)::int as n from pg_locks
      where locktype = 'advisory' and not granted and objid = ${MATCH_LOCK} and objsubid = 1
        and database = (select oid from pg_database where datname = current_database())`),
  );
  return rows[0]?.n ?? 0;
}

describe.skipIf(!onPostgres)(`matching passes${onPostgres ? '' : ' (skipped: the database is not PostgreSQL)'}`, () => {
  it('pairs a join with the only opponent while another instance\'s pass holds that opponent\'s seat', async () => {
    const one = await fighter('Pass One');
    const two = await fighter('Pass Two');
    const first = await one.p.post('/api/pvp/join-queue', { characterId: one.character.id });
    expect((first.body as QueueStatusView).battle).toBeNull();

    // Another instance's pass, still open, has claimed the only seat in the queue: one's.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let claimed: ClaimedSeat[] = [];
    let entered: () => void = () => undefined;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const other = t.database.db.transaction(async (tx) => {
      await lockMatching(tx);
      claimed = await claimSeats(tx, MATCH_BATCH);
      entered();
      await held;
    });
    await inside;
    expect(claimed.map((s) => s.userId)).toEqual([one.user.id]);

    // Two joins on this instance. The other pass ends (pairing nobody) once this one's pass waits
    // for it, or once two has been answered, whichever comes first.
    let answered = false;
    const joined = two.p.post('/api/pvp/join-queue', { characterId: two.character.id }).finally(() => (answered = true));
    try {
      await waitUntil(async () => answered || (await waitingForPass()) > 0, 60_000);
    } finally {
      release();
      await other;
    }
    const answer = await joined;
    expect(answer.status).toBe(200);
    const battle = (answer.body as QueueStatusView).battle;
    expect(battle).not.toBeNull();
    expect([battle!.player1.id, battle!.player2.id].sort()).toEqual([one.user.id, two.user.id].sort());
  });

  it('a pass that stops between its statements loses its session, and the others go on', async () => {
    const one = await fighter('Frozen One');
    const two = await fighter('Frozen Two');
    await one.p.post('/api/pvp/join-queue', { characterId: one.character.id });
    // Another instance's pass takes the lock and one's seat, then never says another word (its
    // process frozen): the database ends its session once it has sat idle for the limit given.
    let entered: () => void = () => undefined;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    let thaw: () => void = () => undefined;
    const thawed = new Promise<void>((resolve) => (thaw = resolve));
    let attempts = 0;
    const frozen = t.database.db
      .transaction(async (tx) => {
        attempts += 1;
        await lockMatching(tx, 300);
        await claimSeats(tx, MATCH_BATCH);
        entered();
        await thawed;
        await tx.execute(sql`select 1`);
      })
      .then(
        () => 'done',
        (err: unknown) => String(err),
      );
    await inside;
    const answer = await two.p.post('/api/pvp/join-queue', { characterId: two.character.id }).finally(thaw);
    expect(answer.status).toBe(200);
    expect((answer.body as QueueStatusView).battle).not.toBeNull();
    // Thawed, the frozen pass finds its session gone and runs again from the start, on a new one.
    expect(await frozen).toBe('done');
    expect(attempts).toBe(2);
  });
});
