import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { executePrepared, intArray } from '../../db/client';
import { characters, users } from '../../db/schema';
import { pvpBattles, pvpInstances } from '../../db/schema-pvp';
import type { Action } from '../../domain/engine';
import { viewsOf } from '../../services/characters';

/**
 * Where a running PvP battle is written while its owner holds it in memory (DESIGN §4): which
 * instance owns it (alive while it renews its row of pvp_instances), and the snapshot the owner
 * writes behind the moves, in batches.
 */

export type BattleRow = typeof pvpBattles.$inferSelect;

/** How long an instance counts as alive without renewing; it renews every second. */
export const ALIVE_MS = 3000;

export interface Snapshot {
  id: number;
  inputs: Action[];
  hp1: number;
  hp2: number;
  currentTurn: number | null;
  turnCount: number;
  turnDeadline: Date;
}

/**
 * Writes the snapshots of several battles in one prepared statement (the rows as one JSON
 * parameter); only those this instance still owns.
 */
export async function writeSnapshots({ db }: AppContext, owner: string, snapshots: readonly Snapshot[]): Promise<void> {
  if (snapshots.length === 0) return;
  const rows = JSON.stringify(snapshots.map((s) => ({ ...s, turnDeadline: s.turnDeadline.toISOString() })));
  await executePrepared(
    db,
    'pvp_write_snapshots',
    sql`update ${pvpBattles} b set inputs = v.inputs, hp1 = v.hp1, hp2 = v.hp2, current_turn = v."currentTurn", turn_count = v."turnCount", turn_deadline = v."turnDeadline"
    from json_to_recordset(${rows}::json) as v(id int, inputs jsonb, hp1 int, hp2 int, "currentTurn" int, "turnCount" int, "turnDeadline" timestamptz)
    where b.id = v.id and b.owner = ${owner} and b.status = 'active'`,
  );
}

/** This instance is alive for another ALIVE_MS (one row, one statement, however many battles it runs). */
export async function keepAlive({ db, clock }: AppContext, owner: string): Promise<void> {
  const until = new Date(clock.now().getTime() + ALIVE_MS).toISOString();
  await executePrepared(
    db,
    'pvp_keep_alive',
    sql`insert into ${pvpInstances} (id, alive_until) values (${owner}, ${until}::timestamptz)
    on conflict (id) do update set alive_until = excluded.alive_until`,
  );
}

/**
 * The heartbeat of an instance, one statement (it runs every second on every instance, busy or
 * idle): `owner` is alive for another ALIVE_MS; of `held` (its rooms) the battles it no longer
 * owns, another instance took them over; and the running battles whose owner is no longer alive
 * (it died, or shut down and let them go) become its own, claimed with SKIP LOCKED so two
 * instances never take the same one. Instances that are gone and own nothing any more are
 * forgotten on the way.
 */
export async function heartbeat({ db, clock }: AppContext, owner: string, held: readonly number[], limit = 50): Promise<{ lost: number[]; taken: number[] }> {
  const now = clock.now();
  const until = new Date(now.getTime() + ALIVE_MS).toISOString();
  const rows = await executePrepared<{ id: number; taken: boolean }>(
    db,
    'pvp_heartbeat',
    // `dead` leaves this instance out: the statement renews its row, and one statement may not
    // both renew and forget it. The parts read the rows as they were before the statement, but
    // for the rows `forgotten` locks.
    sql`with alive as (
        insert into ${pvpInstances} (id, alive_until) values (${owner}, ${until}::timestamptz)
        on conflict (id) do update set alive_until = excluded.alive_until
      ),
      dead as (select id from ${pvpInstances} where alive_until < ${now.toISOString()}::timestamptz and id <> ${owner}),
      taken as (
        update ${pvpBattles} set owner = ${owner}
        where id in (
          select id from ${pvpBattles}
          where status = 'active' and (owner is null or owner in (select id from dead) or (owner <> ${owner} and owner not in (select id from ${pvpInstances})))
          order by id limit ${limit} for update skip locked
        )
        returning id
      ),
      -- Locked, skipping rows another heartbeat holds (two instances that each think the other
      -- dead never wait on each other), and read again once locked: a row renewed meanwhile stays.
      forgotten as (
        delete from ${pvpInstances} i
        where i.id in (select id from ${pvpInstances} where alive_until < ${now.toISOString()}::timestamptz and id <> ${owner} for update skip locked)
          and not exists (select 1 from ${pvpBattles} b where b.status = 'active' and b.owner = i.id)
      )
    select id, true as taken from taken
    union all
    select id, false from ${pvpBattles} where id = any(${intArray(held)}) and (status <> 'active' or owner is distinct from ${owner})`,
  );
  const lost = rows.filter((r) => !r.taken).map((r) => Number(r.id));
  const taken = rows.filter((r) => r.taken).map((r) => Number(r.id));
  return { lost, taken };
}

/** Lets this instance's battles go at once (a clean shutdown): the others take them over. */
export async function releaseBattles({ db }: AppContext, owner: string): Promise<void> {
  await db.update(pvpBattles).set({ owner: null }).where(and(eq(pvpBattles.status, 'active'), eq(pvpBattles.owner, owner)));
  await db.delete(pvpInstances).where(eq(pvpInstances.id, owner));
}

/** What a restored room shows of its players: their characters as views and their names. */
export async function playersOf(ctx: AppContext, rows: readonly BattleRow[]) {
  const { db } = ctx;
  const characterIds = [...new Set(rows.flatMap((r) => [r.player1CharacterId, r.player2CharacterId ?? 0]).filter((id) => id > 0))];
  const userIds = [...new Set(rows.flatMap((r) => [r.player1UserId, r.player2UserId ?? 0]).filter((id) => id > 0))];
  const chars = characterIds.length ? await db.select().from(characters).where(inArray(characters.id, characterIds)) : [];
  const views = new Map((await viewsOf(db, chars)).map((v) => [v.id, v]));
  const names = new Map(
    (userIds.length ? await db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, userIds)) : []).map((u) => [u.id, u.username]),
  );
  return { views, names };
}

/** The running battle of a player anywhere: its id and owner (for an action landing on another instance). */
export async function runningBattle({ db }: AppContext, userId: number): Promise<Pick<BattleRow, 'id' | 'owner'> | undefined> {
  const [row] = await db
    .select({ id: pvpBattles.id, owner: pvpBattles.owner })
    .from(pvpBattles)
    .where(and(eq(pvpBattles.status, 'active'), or(eq(pvpBattles.player1UserId, userId), eq(pvpBattles.player2UserId, userId))))
    .limit(1);
  return row;
}

export async function battleRow({ db }: AppContext, id: number): Promise<BattleRow | undefined> {
  const [row] = await db.select().from(pvpBattles).where(eq(pvpBattles.id, id)).limit(1);
  return row;
}

/** The rows of these battles (a takeover's, read after the heartbeat that took them). */
export async function battleRows({ db }: AppContext, ids: readonly number[]): Promise<BattleRow[]> {
  return ids.length === 0 ? [] : db.select().from(pvpBattles).where(inArray(pvpBattles.id, [...ids]));
}

/** Running battles for the live list, newest first. */
export async function runningBattles({ db }: AppContext, limit = 50): Promise<BattleRow[]> {
  return db
    .select()
    .from(pvpBattles)
    .where(eq(pvpBattles.status, 'active'))
    .orderBy(sql`${pvpBattles.id} desc`)
    .limit(limit);
}
