import { and, asc, count, eq, gt, inArray, lte, or, sql } from 'drizzle-orm';
import { PVP_COOLDOWN_MS } from '@common/constants';
import { arenaById, levelFits, type ArenaId } from '@common/arenas';
import { CHALLENGE_MESSAGES } from '@common/challenges';
import type { GhostOfferView, PvpVariant } from '@common/pvp';
import type { AppContext } from '../../context';
import { executePrepared, rowsOf, type Executor } from '../../db/client';
import { characters, marketplaceListings, users } from '../../db/schema';
import { pvpBattles, pvpQueue } from '../../db/schema-pvp';
import { pvpChallenges } from '../../db/schema-social';
import type { QueueEntry } from '../../domain/matchmaking';
import { cooldownMessage, cooldownRemainingMs } from '../../domain/progression';
import { AppError, badRequest, conflict, forbidden, notFound, tooMany } from '../../errors';
import { ghostFor } from './ghosts';

/**
 * The PvP queue (DESIGN §4, §5): a join is one statement that checks the character and takes
 * a seat; a matcher claims a batch of seats in one statement and gives back, in one more, the
 * ones it could not pair. Any instance may pair any waiting player.
 */

export type QueueRow = typeof pvpQueue.$inferSelect;

export const toEntry = (row: QueueRow): QueueEntry => ({
  userId: row.userId,
  characterId: row.characterId,
  variant: row.variant,
  level: row.level,
  rating: row.rating,
  arena: row.arena,
  joinedAt: row.joinedAt,
});

/** The advisory lock a matching pass holds for its transaction (a single key of its own). */
export const MATCH_LOCK = 4_204_128;
/** How long a pass may sit between its statements before the database ends its session. */
const PASS_IDLE_MS = 5000;

/**
 * Waits for any other instance's matching pass to end, and keeps the next one waiting until this
 * transaction ends. Passes that ran side by side would each claim part of the queue with SKIP
 * LOCKED and pair nobody across the split: a player who joined on one instance while a pass of
 * another held the only opponent's seat was answered 'waiting' with that opponent in the queue.
 * A pass that stops between its statements (a frozen process) would hold every other one: the
 * database ends a session idle in this transaction for `idleMs`, and with it the lock (the pass
 * runs again from the start when it wakes, as any transaction whose connection died does).
 */
export async function lockMatching(db: Executor, idleMs = PASS_IDLE_MS): Promise<void> {
  await db.execute(sql`select set_config('idle_in_transaction_session_timeout', ${String(idleMs)}, true), pg_advisory_xact_lock(${MATCH_LOCK})`);
}

/** Whether anybody waits in the queue, on any instance (the matcher's tick does nothing otherwise). */
export async function anyoneWaiting({ db }: AppContext): Promise<boolean> {
  const [row] = await executePrepared<{ any: boolean }>(db, 'pvp_queue_any', sql`select exists (select 1 from ${pvpQueue}) as "any"`);
  return row?.any === true;
}

/**
 * Offers ghosts to players waiting alone for 20 s or more who have none yet: each gets a real
 * character close in rating recorded on their seat. Claimed with SKIP LOCKED, so one instance
 * offers each. Answers who was offered what.
 */
export async function offerGhosts(ctx: AppContext, waitedSince: Date, limit = 50): Promise<{ entry: QueueEntry; ghost: GhostOfferView }[]> {
  return ctx.db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(pvpQueue)
      .where(and(lte(pvpQueue.joinedAt, waitedSince), sql`${pvpQueue.ghostCharacterId} is null`))
      .orderBy(asc(pvpQueue.joinedAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    const offers: { entry: QueueEntry; ghost: GhostOfferView }[] = [];
    for (const row of due) {
      const entry = toEntry(row);
      const ghost = await ghostFor({ ...ctx, db: tx }, entry);
      if (!ghost) continue;
      await tx.update(pvpQueue).set({ ghostCharacterId: ghost.characterId }).where(eq(pvpQueue.userId, row.userId));
      const { characterId, ...shown } = ghost;
      void characterId;
      offers.push({ entry, ghost: shown });
    }
    return offers;
  });
}

/** Takes the player out of the queue to fight the ghost offered: its character id (409 when none was offered). */
export async function takeGhost(db: Executor, userId: number): Promise<{ entry: QueueEntry; ghostCharacterId: number }> {
  const [row] = await db.select().from(pvpQueue).where(eq(pvpQueue.userId, userId)).for('update');
  if (!row) throw conflict('You are not waiting in the queue');
  if (row.ghostCharacterId === null) throw conflict('No ghost has been offered to you yet');
  await db.delete(pvpQueue).where(eq(pvpQueue.userId, userId));
  return { entry: toEntry(row), ghostCharacterId: row.ghostCharacterId };
}

const activeBattleOf = (userId: number) =>
  and(eq(pvpBattles.status, 'active'), or(eq(pvpBattles.player1UserId, userId), eq(pvpBattles.player2UserId, userId)));

export interface JoinRequest {
  userId: number;
  characterId: number;
  variant: PvpVariant;
  arena: ArenaId | null;
}

export type JoinedSeat = QueueEntry & { position: number };

/**
 * Seats in the queue for many players at once, in one statement: each character must be its
 * player's, unlisted, fit the arena, off its PvP cooldown, and the player neither queued nor
 * fighting nor waiting for the answer to a challenge of their own (the duel would start while
 * they search, and the one challenged would be refused). Answers, in the order asked, the seat
 * with its place in line, or the refusal (a few more statements find out why, for the joins
 * refused only).
 */
export async function joinQueueMany(ctx: AppContext, joins: readonly JoinRequest[]): Promise<(JoinedSeat | AppError)[]> {
  if (joins.length === 0) return [];
  const { db } = ctx;
  const now = ctx.clock.now();
  const cooledSince = new Date(now.getTime() - PVP_COOLDOWN_MS);
  // The batch travels as one JSON parameter (both drivers pass text; arrays of numbers they do not).
  const asked = JSON.stringify(
    joins.map((j, ord) => {
      const arena = j.arena ? arenaById(j.arena) : undefined;
      return { ord, user_id: j.userId, character_id: j.characterId, variant: j.variant, arena: j.arena, min_level: arena?.minLevel ?? null, max_level: arena?.maxLevel ?? null };
    }),
  );
  const result = await db.execute(sql`
    with asked as (
      select * from json_to_recordset(${asked}::json)
        as j(ord int, user_id int, character_id int, variant text, arena text, min_level int, max_level int)
    ),
    -- Locked in id order, as a listing locks them: a join racing a listing of the same fighter
    -- waits for it and then reads the row's listed flag as the listing left it (the listings table
    -- itself would be read with this statement's snapshot, from before the listing).
    locked as materialized (
      select id, user_id, level, rating, last_pvp_battle_at, listed from ${characters}
      where id in (select character_id from asked) order by id for no key update
    ),
    ahead as (select variant, count(*)::int as n from ${pvpQueue} group by variant)
    insert into ${pvpQueue} (user_id, character_id, variant, level, rating, arena, joined_at)
    select distinct on (j.user_id) c.user_id, c.id, j.variant, c.level, c.rating, j.arena, ${now}
    from asked j
    join locked c on c.id = j.character_id and c.user_id = j.user_id
    where (c.last_pvp_battle_at is null or c.last_pvp_battle_at <= ${cooledSince})
      and (j.min_level is null or c.level between j.min_level and j.max_level)
      and not c.listed
      and not exists (select 1 from ${pvpBattles} b where b.status = 'active' and (b.player1_user_id = j.user_id or b.player2_user_id = j.user_id))
      and not exists (select 1 from ${pvpChallenges} ch where ch.challenger_id = j.user_id and ch.status = 'pending' and ch.expires_at > ${now})
    order by j.user_id, j.ord
    on conflict (user_id) do nothing
    returning user_id, level, rating, variant, coalesce((select n from ahead a where a.variant = ${pvpQueue}.variant), 0) as ahead`);
  const taken = new Map(rowsOf<{ user_id: number; level: number; rating: number; ahead: number }>(result).map((r) => [Number(r.user_id), r]));
  // Places: who was waiting before this batch, then this batch in the order asked.
  const seated = new Map<PvpVariant, number>();
  const answers: (JoinedSeat | AppError)[] = [];
  for (const join of joins) {
    const row = taken.get(join.userId);
    if (row && row.ahead !== undefined) {
      taken.delete(join.userId); // the same player twice in a batch: the first one sits
      const place = (seated.get(join.variant) ?? 0) + 1;
      seated.set(join.variant, place);
      answers.push({ ...join, level: Number(row.level), rating: Number(row.rating), joinedAt: now, position: Number(row.ahead) + place });
    } else {
      answers.push(await whyNot(db, join.userId, join.characterId, now, join.arena ? arenaById(join.arena) : undefined));
    }
  }
  return answers;
}

/** One player's join (`joinQueueMany` for one). */
export async function joinQueue(ctx: AppContext, userId: number, characterId: number, variant: PvpVariant, arena: ArenaId | null = null): Promise<JoinedSeat> {
  const [answer] = await joinQueueMany(ctx, [{ userId, characterId, variant, arena }]);
  if (answer instanceof AppError) throw answer;
  return answer!;
}

/** The refusal of a join by a player whose battle is running (their state answers it instead). */
export class AlreadyFighting extends AppError {
  constructor() {
    super(409, 'You are already in a battle');
  }
}



/** The player's own challenge still waiting for its answer at `now` (at most one is open), with whom it challenges. */
export async function pendingChallengeOf(db: Executor, userId: number, now: Date): Promise<{ id: number; username: string; expiresAt: Date } | null> {
  const [row] = await db
    .select({ id: pvpChallenges.id, username: users.username, expiresAt: pvpChallenges.expiresAt })
    .from(pvpChallenges)
    .innerJoin(users, eq(users.id, pvpChallenges.challengedId))
    .where(and(eq(pvpChallenges.challengerId, userId), eq(pvpChallenges.status, 'pending'), gt(pvpChallenges.expiresAt, now)))
    .limit(1);
  return row ?? null;
}

/** The refusal of a join that took no seat: the first rule it broke. */
async function whyNot(db: Executor, userId: number, characterId: number, now: Date, arena: ReturnType<typeof arenaById>) {
  const [c] = await db.select().from(characters).where(eq(characters.id, characterId));
  if (!c) return notFound('Character not found');
  if (c.userId !== userId) return forbidden('This character is not yours');
  const [listed] = await db
    .select({ id: marketplaceListings.id })
    .from(marketplaceListings)
    .where(and(eq(marketplaceListings.characterId, characterId), eq(marketplaceListings.status, 'active')));
  if (listed) return conflict('A character listed on the marketplace cannot queue. Withdraw the listing first.');
  if ((await db.select({ id: pvpBattles.id }).from(pvpBattles).where(activeBattleOf(userId)).limit(1)).length > 0) {
    return new AlreadyFighting();
  }
  if ((await db.select({ u: pvpQueue.userId }).from(pvpQueue).where(eq(pvpQueue.userId, userId))).length > 0) {
    return conflict('You are already in the queue');
  }
  const challenged = await pendingChallengeOf(db, userId, now);
  if (challenged) return conflict(CHALLENGE_MESSAGES.waitingFor(challenged.username));
  const remaining = cooldownRemainingMs(c.lastPvpBattleAt, now, PVP_COOLDOWN_MS);
  if (remaining > 0) return tooMany(cooldownMessage('PvP', remaining));
  if (arena && !levelFits(arena, c.level)) return badRequest('Level Requirement Not Met');
  return conflict('Could not join the queue. Please try again.');
}

export async function leaveQueue({ db }: AppContext, userId: number, variant?: PvpVariant): Promise<boolean> {
  const mine = eq(pvpQueue.userId, userId);
  const removed = await db
    .delete(pvpQueue)
    .where(variant ? and(mine, eq(pvpQueue.variant, variant)) : mine)
    .returning({ userId: pvpQueue.userId });
  return removed.length > 0;
}

export interface ClaimedSeat extends QueueEntry {
  /** The character was listed after it joined (a join and a listing racing): it cannot fight. */
  listed: boolean;
}

/**
 * Locks up to `limit` waiting players, oldest first, for one matcher (one statement, in the
 * matcher's transaction): seats another matcher holds are skipped, and the seats stay in place
 * for anyone reading the queue until the matcher takes the ones it paired (`takeSeats`).
 */
export async function claimSeats(db: Executor, limit: number): Promise<ClaimedSeat[]> {
  const rows = await db
    .select({
      seat: pvpQueue,
      // Spelled out in full: in a one-table select the builder leaves columns unqualified, and a
      // bare character_id would mean the listing's own inside the subquery.
      listed: sql<boolean>`exists (select 1 from ${marketplaceListings} l where l.character_id = "pvp_queue"."character_id" and l.status = 'active')`,
    })
    .from(pvpQueue)
    .orderBy(asc(pvpQueue.joinedAt), asc(pvpQueue.userId))
    .limit(limit)
    .for('update', { of: pvpQueue, skipLocked: true });
  return rows.map(({ seat: row, listed }) => ({ ...toEntry(row), listed: listed === true }));
}

/** Takes seats out of the queue (paired, or unable to fight), in the matcher's transaction. */
export async function takeSeats(db: Executor, userIds: readonly number[]): Promise<void> {
  if (userIds.length > 0) await db.delete(pvpQueue).where(inArray(pvpQueue.userId, [...userIds]));
}

/** The player's seat, if queued. */
export async function seat({ db }: AppContext, userId: number): Promise<QueueRow | undefined> {
  const [row] = await db.select().from(pvpQueue).where(eq(pvpQueue.userId, userId)).limit(1);
  return row;
}

/** 1-based place among the players of the same page who joined at or before. */
export async function positionOf({ db }: AppContext, row: Pick<QueueRow, 'variant' | 'joinedAt'>): Promise<number> {
  const [ahead] = await db
    .select({ n: count() })
    .from(pvpQueue)
    .where(and(eq(pvpQueue.variant, row.variant), lte(pvpQueue.joinedAt, row.joinedAt)));
  return ahead?.n ?? 1;
}

/** Players waiting and battles running, over every instance. */
export async function queueCounts({ db }: AppContext): Promise<{ playersInQueue: number; activeBattles: number }> {
  const [row] = await db
    .select({
      playersInQueue: sql<number>`(select count(*) from ${pvpQueue})::int`,
      activeBattles: sql<number>`(select count(*) from ${pvpBattles} where ${pvpBattles.status} = 'active')::int`,
    })
    .from(sql`(select 1) as one`);
  return row ?? { playersInQueue: 0, activeBattles: 0 };
}

/** Battles of these players that are running (to refuse a second one). */
export async function runningBattleOf({ db }: AppContext, userIds: readonly number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ p1: pvpBattles.player1UserId, p2: pvpBattles.player2UserId })
    .from(pvpBattles)
    .where(and(eq(pvpBattles.status, 'active'), or(inArray(pvpBattles.player1UserId, [...userIds]), inArray(pvpBattles.player2UserId, [...userIds]))));
  return new Set(rows.flatMap((r) => [r.p1, r.p2 ?? -1]));
}
