import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { rowsOf } from '../db/client';
import { characters, users } from '../db/schema';
import { pvpBattles } from '../db/schema-pvp';
import type { Action } from '../domain/engine';
import { viewsOf } from './characters';

/**
 * Where a running PvP battle is written while its owner holds it in memory (DESIGN §4): the
 * lease that says who owns it, and the snapshot the owner writes behind the moves, in batches.
 */

export type BattleRow = typeof pvpBattles.$inferSelect;

/** How long a lease lasts without renewal; the owner renews every second. */
export const LEASE_MS = 3000;

export interface Snapshot {
  id: number;
  inputs: Action[];
  hp1: number;
  hp2: number;
  currentTurn: number | null;
  turnCount: number;
  turnDeadline: Date;
}

/** Writes the snapshots of several battles in one statement; only those this instance still owns. */
export async function writeSnapshots({ db }: AppContext, owner: string, snapshots: readonly Snapshot[]): Promise<void> {
  if (snapshots.length === 0) return;
  const values = snapshots.map(
    (s) => sql`(${s.id}::int, ${JSON.stringify(s.inputs)}::jsonb, ${s.hp1}::int, ${s.hp2}::int, ${s.currentTurn}::int, ${s.turnCount}::int, ${s.turnDeadline}::timestamptz)`,
  );
  await db.execute(sql`
    update ${pvpBattles} b set inputs = v.inputs, hp1 = v.hp1, hp2 = v.hp2, current_turn = v.current_turn, turn_count = v.turn_count, turn_deadline = v.turn_deadline
    from (values ${sql.join(values, sql`, `)}) as v(id, inputs, hp1, hp2, current_turn, turn_count, turn_deadline)
    where b.id = v.id and b.owner = ${owner} and b.status = 'active'`);
}

/** Renews this instance's leases (one statement); answers the battles it still owns. */
export async function renewLeases({ db, clock }: AppContext, owner: string): Promise<Set<number>> {
  const until = new Date(clock.now().getTime() + LEASE_MS);
  const rows = await db
    .update(pvpBattles)
    .set({ leaseUntil: until })
    .where(and(eq(pvpBattles.status, 'active'), eq(pvpBattles.owner, owner)))
    .returning({ id: pvpBattles.id });
  return new Set(rows.map((r) => r.id));
}

/**
 * Takes over running battles whose owner stopped renewing its lease (it died, or shut down and
 * let them go): claimed with SKIP LOCKED, so two instances never take the same one.
 */
export async function takeOverBattles({ db, clock }: AppContext, owner: string, limit = 50): Promise<BattleRow[]> {
  const now = clock.now();
  const until = new Date(now.getTime() + LEASE_MS);
  const result = await db.execute(sql`
    update ${pvpBattles} set owner = ${owner}, lease_until = ${until}
    where id in (
      select id from ${pvpBattles}
      where status = 'active' and (lease_until is null or lease_until < ${now})
      order by id limit ${limit} for update skip locked
    )
    returning id`);
  const ids = rowsOf<{ id: number }>(result).map((r) => Number(r.id));
  if (ids.length === 0) return [];
  return db.select().from(pvpBattles).where(inArray(pvpBattles.id, ids));
}

/** Lets this instance's battles go at once (a clean shutdown): the others take them over. */
export async function releaseLeases({ db }: AppContext, owner: string): Promise<void> {
  await db
    .update(pvpBattles)
    .set({ leaseUntil: null, owner: null })
    .where(and(eq(pvpBattles.status, 'active'), eq(pvpBattles.owner, owner)));
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

/** Running battles for the live list, newest first. */
export async function runningBattles({ db }: AppContext, limit = 50): Promise<BattleRow[]> {
  return db
    .select()
    .from(pvpBattles)
    .where(eq(pvpBattles.status, 'active'))
    .orderBy(sql`${pvpBattles.id} desc`)
    .limit(limit);
}
