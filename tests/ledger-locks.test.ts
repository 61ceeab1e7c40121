import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/server/db/client';
import { users } from '../src/server/db/schema';
import { creditMoves } from '../src/server/services/ledger';
import { openTestDatabase, type TestDatabase } from './helpers/test-db';

/**
 * Credit moves reach the balances through the primary key however many players there are (a
 * round of battles pays dozens at once). Credit moves of several players lock their balances in id order, whoever calls (a round of
 * battles, a sale, a PvP end): two statements moving the same players' credits in opposite
 * orders wait for each other instead of deadlocking. Needs two connections: PostgreSQL only.
 */
const onPostgres = /^postgres/.test(process.env.TEST_DATABASE_URL ?? '');
if (!onPostgres) console.warn('ledger-locks.test: skipped: the database is not PostgreSQL (PGlite has one connection; set DATABASE_URL to run it).');

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

async function player(name: string): Promise<number> {
  const [row] = await database.db.insert(users).values({ username: name, passwordHash: 'x', credits: 100 }).returning({ id: users.id });
  return row!.id;
}

const balance = async (id: number) => (await database.db.select({ credits: users.credits }).from(users).where(eq(users.id, id)))[0]!.credits;

describe.skipIf(!onPostgres)(`credit moves${onPostgres ? '' : ' (skipped: the database is not PostgreSQL)'}`, () => {
  it('take the balances in id order, so opposite orders wait instead of deadlocking', async () => {
    const low = await player(`lock_low_${Date.now()}`);
    const high = await player(`lock_high_${Date.now()}`);
    // The lower player's row changed last, so its newest version lies after the higher one's in
    // the table: a plan that meets rows in storage order meets the higher player first.
    await database.db.update(users).set({ credits: sql`${users.credits}` }).where(eq(users.id, low));
    let releaseFirst!: () => void;
    const firstHoldsLow = new Promise<void>((resolve) => (releaseFirst = resolve));
    // One transaction holds the lower balance, as a sale does after locking both in order...
    const first = database.db.transaction(async (tx) => {
      await tx.execute(sql`select id from ${users} where id = ${low} for update`);
      releaseFirst();
      // ...and, once the other statement waits, moves the higher one.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await tx.execute(sql`with ${creditMoves([{ userId: high, delta: 1, reason: 'quest_reward' }], 'test:first')} select 1`);
    });
    await firstHoldsLow;
    // The other moves both, the higher player named first: it must take the lower one first.
    const second = database.db.transaction(async (tx) => {
      await tx.execute(
        sql`with ${creditMoves(
          [
            { userId: high, delta: 2, reason: 'quest_reward' },
            { userId: low, delta: 2, reason: 'quest_reward' },
          ],
          'test:second',
        )} select 1`,
      );
    });
    const outcomes = await Promise.allSettled([first, second]);
    expect(outcomes.map((o) => (o.status === 'rejected' ? String(o.reason) : 'ok'))).toEqual(['ok', 'ok']);
    expect(await balance(low)).toBe(102);
    expect(await balance(high)).toBe(103);
  });
});

describe('credit moves among many players', () => {
  it('reach each balance by its key instead of reading every player', async () => {
    await database.db.execute(
      sql`insert into ${users} (username, password_hash, credits) select 'crowd_' || g, 'x', 100 from generate_series(1, 5000) g`,
    );
    await database.db.execute(sql`analyze ${users}`);
    const ids = (await database.db.select({ id: users.id }).from(users).limit(40)).map((u) => u.id);
    const moves = ids.map((userId) => ({ userId, delta: 5, reason: 'pve_reward' as const }));
    const plan = JSON.stringify(
      rowsOf(await database.db.execute(sql`explain (format json) with ${creditMoves(moves, 'test:plan')} select user_id from ledger`)),
    );
    // A plan that scans the table costs a read of every player per round.
    expect(plan).toContain('users_pkey');
    expect(plan).not.toMatch(/"Node Type": ?"Seq Scan",[^}]*?"Relation Name": ?"users"/);
  });
});
