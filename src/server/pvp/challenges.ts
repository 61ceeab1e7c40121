import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { PVP_COOLDOWN_MS } from '@common/constants';
import { CHALLENGES_PER_HOUR, CHALLENGE_MESSAGES, CHALLENGE_SECONDS, type ChallengeView } from '@common/challenges';
import type { ServerMessage } from '@common/ws-messages';
import type { AppContext, Log } from '../context';
import { batchedReads } from '../db/batch';
import { rowsOf, type Tx } from '../db/client';
import { characters, users } from '../db/schema';
import { guildMembers } from '../db/schema-guilds';
import { pvpBattles, pvpQueue } from '../db/schema-pvp';
import { friendships, pvpChallenges } from '../db/schema-social';
import type { QueueEntry } from '../domain/matchmaking';
import { AppError, badRequest, conflict, forbidden, notFound } from '../errors';
import { assertNotBlocked } from '../services/blocks';
import { userByName } from '../services/friends';
import { recordEvents } from '../services/outbox';
import { takeSocialAction } from '../services/social-limits';
import { eitherWay, lockSocialLists } from '../services/social-pairs';
import { transact } from '../services/transaction';
import type { RoomHost } from './host/room-host';
import type { PvpTransport } from './ports';
import { storeBattles } from './storage/new-battles';
import { pendingChallengeOf } from './storage/queue';

/**
 * Direct challenges (issue 25): a friend or a guild mate to a real-time duel. A challenge is a
 * room option, not a path of its own: accepting stores the battle as the matcher does (with
 * `friendly`, so it is unrated and pays nothing) and this instance's host runs it, sending the
 * usual battle_found and battle_started. A challenge is open 60 s; every instance sweeps the
 * ones past their time each second (an update claims each once) and tells both players.
 */
export interface Challenges {
  create(userId: number, username: string, characterId: number): Promise<ChallengeView>;
  accept(userId: number, challengeId: number, characterId: number): Promise<{ battleId: number }>;
  /** `by`: the player declining (or withdrawing), whose name the other side is told. */
  decline(by: { id: number; username: string }, challengeId: number): Promise<{ message: string }>;
  /**
   * The challenges waiting for this player's answer, as the `challenge_received` each was sent
   * as: a tab opened (or reloaded) while one waits shows its card too.
   */
  waitingFor(userId: number): Promise<Extract<ServerMessage, { type: 'challenge_received' }>[]>;
  /** Closes the challenges past their time; answers how many. */
  expire(): Promise<number>;
  stop(): void;
}

const CHALLENGE_MS = CHALLENGE_SECONDS * 1000;

async function mayChallenge(tx: Tx, a: number, b: number): Promise<boolean> {
  const [friend] = await tx
    .select({ a: friendships.userId })
    .from(friendships)
    .where(and(eq(friendships.userId, a), eq(friendships.friendId, b)));
  if (friend) return true;
  const rows = await tx.select({ guildId: guildMembers.guildId }).from(guildMembers).where(inArray(guildMembers.userId, [a, b]));
  return rows.length === 2 && rows[0]!.guildId === rows[1]!.guildId;
}

/** The character, locked, when it is the player's and can fight; the refusal otherwise. */
async function fighterOf(tx: Tx, userId: number, characterId: number) {
  const [c] = await tx.select().from(characters).where(eq(characters.id, characterId)).for('no key update');
  if (!c) throw notFound('Character not found');
  if (c.userId !== userId) throw forbidden('This character is not yours');
  if (c.listed) throw conflict(CHALLENGE_MESSAGES.listed);
  return c;
}

/**
 * Why the player cannot duel now, if they cannot: queued, fighting, or on the PvP cooldown (any
 * of their characters, with the seconds left), in one statement.
 */
async function busyWith(tx: Tx, userId: number, now: Date): Promise<string | null> {
  const [row] = rowsOf<{ queued: boolean; fighting: boolean; last: Date | string | null }>(
    await tx.execute(sql`
    select exists (select 1 from ${pvpQueue} where user_id = ${userId}) as queued,
      exists (select 1 from ${pvpBattles} where status = 'active' and (player1_user_id = ${userId} or player2_user_id = ${userId})) as fighting,
      (select max(last_pvp_battle_at) from ${characters} where user_id = ${userId}) as last`),
  );
  if (row?.queued) return CHALLENGE_MESSAGES.youQueued;
  if (row?.fighting) return CHALLENGE_MESSAGES.youFighting;
  const left = row?.last ? new Date(row.last).getTime() + PVP_COOLDOWN_MS - now.getTime() : 0;
  return left > 0 ? CHALLENGE_MESSAGES.youCooling(Math.ceil(left / 1000)) : null;
}

/** Whether the player is queued, fighting or on the PvP cooldown. */
const busy = async (tx: Tx, userId: number, now: Date): Promise<boolean> => (await busyWith(tx, userId, now)) !== null;

/** Refuses (409) a player who cannot duel now, saying why. */
async function assertFree(tx: Tx, userId: number, now: Date): Promise<void> {
  const why = await busyWith(tx, userId, now);
  if (why) throw conflict(why);
}

const entryOf = (c: { id: number; userId: number; level: number; rating: number }, now: Date): QueueEntry => ({
  userId: c.userId,
  characterId: c.id,
  variant: 'realtime',
  level: c.level,
  rating: c.rating,
  arena: null,
  joinedAt: now,
});

/** What `waitingFor` reads of a challenge: its challenger and their character. */
type WaitingRow = Extract<ServerMessage, { type: 'challenge_received' }>['from'] & { id: number; challengedId: number; expiresAt: Date };

/**
 * The challenges waiting for players, read for every new socket (a reconnect storm opens hundreds
 * at once): the reads of one event-loop turn go in one prepared statement (db/batch.ts), so a
 * socket costs neither a statement of its own nor a parse and plan. Pending and not past their
 * time when the statement runs.
 */
function waitingChallenges(ctx: AppContext): (userId: number) => Promise<WaitingRow[] | undefined> {
  const statement = ctx.db
    .select({
      id: pvpChallenges.id,
      challengedId: pvpChallenges.challengedId,
      expiresAt: pvpChallenges.expiresAt,
      userId: users.id,
      username: users.username,
      character: { id: characters.id, name: characters.name, class: characters.class, level: characters.level },
    })
    .from(pvpChallenges)
    .innerJoin(users, eq(users.id, pvpChallenges.challengerId))
    .innerJoin(characters, eq(characters.id, pvpChallenges.challengerCharacterId))
    .where(
      and(
        sql`${pvpChallenges.challengedId} = any(${sql.placeholder('userIds')}::int[])`,
        eq(pvpChallenges.status, 'pending'),
        sql`${pvpChallenges.expiresAt} > ${sql.placeholder('now')}::timestamptz`,
      ),
    )
    .orderBy(pvpChallenges.id)
    .prepare('challenges_waiting');
  return batchedReads<number, WaitingRow[]>(async (userIds) => {
    const found = new Map<number, WaitingRow[]>();
    for (const row of await statement.execute({ userIds, now: ctx.clock.now().toISOString() })) {
      const list = found.get(row.challengedId);
      if (list) list.push(row);
      else found.set(row.challengedId, [row]);
    }
    return found;
  });
}

export function challengeService(ctx: AppContext, host: RoomHost, transport: PvpTransport, log: Log, { sweepMs = 1000 } = {}): Challenges {
  const turnMs = () => ctx.config.PVP_TURN_SECONDS * 1000;
  const waiting = waitingChallenges(ctx);

  // Every instance runs it every second: built and planned once.
  const expiring = ctx.db
    .update(pvpChallenges)
    .set({ status: 'expired' })
    .where(and(eq(pvpChallenges.status, 'pending'), sql`${pvpChallenges.expiresAt} <= ${sql.placeholder('now')}::timestamptz`))
    // Each side is told with whom (a challenger may have several out), read by the same statement.
    .returning({
      id: pvpChallenges.id,
      challengerId: pvpChallenges.challengerId,
      challengedId: pvpChallenges.challengedId,
      challenger: sql<string | null>`(select ${users.username} from ${users} where ${users.id} = ${pvpChallenges.challengerId})`,
      challenged: sql<string | null>`(select ${users.username} from ${users} where ${users.id} = ${pvpChallenges.challengedId})`,
    })
    .prepare('challenges_expire');

  const expire = async (): Promise<number> => {
    const gone = await expiring.execute({ now: ctx.clock.now().toISOString() });
    const told = (challengeId: number, other: string | null): ServerMessage[] => [{ type: 'challenge_expired', challengeId, ...(other ? { with: other } : {}) }];
    for (const c of gone) {
      transport.toUser(c.challengerId, told(c.id, c.challenged));
      transport.toUser(c.challengedId, told(c.id, c.challenger));
    }
    return gone.length;
  };
  const sweep = sweepMs > 0 ? setInterval(() => void expire().catch((err: unknown) => log.warn({ err }, 'challenge expiry failed')), sweepMs) : null;
  sweep?.unref();

  return {
    expire,
    async waitingFor(userId) {
      const rows = (await waiting(userId)) ?? [];
      return rows.map((row) => ({
        type: 'challenge_received' as const,
        challengeId: row.id,
        from: { userId: row.userId, username: row.username, character: row.character },
        expiresAt: row.expiresAt.toISOString(),
      }));
    },
    stop: () => {
      if (sweep) clearInterval(sweep);
    },

    /** `POST /api/challenges`: the one place a challenge is allowed or refused. */
    async create(userId, username, characterId) {
      const now = ctx.clock.now();
      const expiresAt = new Date(now.getTime() + CHALLENGE_MS);
      const made = await transact(ctx, async (tx) => {
        const target = await userByName(tx, username);
        if (!target) throw notFound(CHALLENGE_MESSAGES.unknown);
        if (target.id === userId) throw badRequest(CHALLENGE_MESSAGES.yourself);
        // Blocks are read under both players' social locks: a block committed while this waited refuses it.
        await lockSocialLists(tx, userId, target.id);
        await assertNotBlocked(tx, userId, target.id);
        if (!(await mayChallenge(tx, userId, target.id))) throw forbidden(CHALLENGE_MESSAGES.notFriend);
        const fighter = await fighterOf(tx, userId, characterId);
        await assertFree(tx, userId, now);
        if (await busy(tx, target.id, now)) throw conflict(CHALLENGE_MESSAGES.theyBusy(target.username));
        // One past its time but not yet swept no longer counts.
        const pair = eitherWay(pvpChallenges.challengerId, pvpChallenges.challengedId, userId, target.id);
        await tx.update(pvpChallenges).set({ status: 'expired' }).where(and(pair, eq(pvpChallenges.status, 'pending'), lte(pvpChallenges.expiresAt, now)));
        await takeSocialAction(tx, userId, 'challenge', CHALLENGES_PER_HOUR, now, CHALLENGE_MESSAGES.tooMany);
        // One challenge of one's own waits at a time (the lobby waits for it; a second would start a
        // duel beside it). Checked under the player's lock the line above takes, so two at once see each other.
        const waiting = await pendingChallengeOf(tx, userId, now);
        if (waiting && waiting.username !== target.username) throw conflict(CHALLENGE_MESSAGES.waitingFor(waiting.username));
        const [row] = await tx
          .insert(pvpChallenges)
          .values({ challengerId: userId, challengerCharacterId: fighter.id, challengedId: target.id, createdAt: now, expiresAt })
          .onConflictDoNothing()
          .returning({ id: pvpChallenges.id });
        if (!row) throw conflict(CHALLENGE_MESSAGES.pending(target.username));
        const [me] = await tx.select({ username: users.username }).from(users).where(eq(users.id, userId));
        await recordEvents(tx, [{ type: 'ChallengeSent', userId: target.id, challengeId: row.id, fromUsername: me!.username, expiresAt: expiresAt.toISOString() }], now);
        return { id: row.id, target, me: me!.username, fighter };
      });
      transport.toUser(made.target.id, [
        {
          type: 'challenge_received',
          challengeId: made.id,
          from: { userId, username: made.me, character: { id: made.fighter.id, name: made.fighter.name, class: made.fighter.class, level: made.fighter.level } },
          expiresAt: expiresAt.toISOString(),
        },
      ]);
      return { id: made.id, expiresAt: expiresAt.toISOString() };
    },

    /** `POST /api/challenges/{id}/accept`: the duel starts at once, run by this instance. */
    async accept(userId, challengeId, characterId) {
      const now = ctx.clock.now();
      const battles = await transact(ctx, async (tx) => {
        const [peek] = await tx.select({ challengerId: pvpChallenges.challengerId, challengedId: pvpChallenges.challengedId }).from(pvpChallenges).where(eq(pvpChallenges.id, challengeId));
        if (!peek) throw notFound(CHALLENGE_MESSAGES.notFound);
        if (peek.challengedId !== userId) throw forbidden(CHALLENGE_MESSAGES.notYours);
        // The social locks before the challenge's row, as a block takes them (it declines the
        // pair's open challenges): a block committed meanwhile has declined this one.
        await lockSocialLists(tx, peek.challengerId, userId);
        const [challenge] = await tx.select().from(pvpChallenges).where(eq(pvpChallenges.id, challengeId)).for('update');
        if (!challenge) throw notFound(CHALLENGE_MESSAGES.notFound);
        if (challenge.status !== 'pending' || challenge.expiresAt <= now) throw conflict(CHALLENGE_MESSAGES.over);
        // A block made while the challenge was open refuses it.
        await assertNotBlocked(tx, userId, challenge.challengerId);
        // The characters in id order, as every path locks them.
        const [first, second] = [
          { userId: challenge.challengerId, characterId: challenge.challengerCharacterId },
          { userId, characterId },
        ].sort((a, b) => a.characterId - b.characterId);
        const locked = new Map<number, Awaited<ReturnType<typeof fighterOf>>>();
        for (const side of [first!, second!]) locked.set(side.userId, await fighterOf(tx, side.userId, side.characterId).catch((err: unknown) => {
          if (side.userId !== userId && err instanceof AppError) throw conflict(CHALLENGE_MESSAGES.over);
          throw err;
        }));
        await assertFree(tx, userId, now);
        const [challenger] = await tx.select({ username: users.username }).from(users).where(eq(users.id, challenge.challengerId));
        if (await busy(tx, challenge.challengerId, now)) throw conflict(CHALLENGE_MESSAGES.theyBusy(challenger?.username ?? 'Your challenger'));
        const stored = await storeBattles(tx, host.instanceId, now, turnMs(), [
          { sides: [entryOf(locked.get(challenge.challengerId)!, now), entryOf(locked.get(userId)!, now)], friendly: true },
        ]);
        await tx.update(pvpChallenges).set({ status: 'accepted', battleId: stored[0]!.row.id }).where(eq(pvpChallenges.id, challenge.id));
        return stored;
      });
      await host.open(battles);
      return { battleId: battles[0]!.row.id };
    },

    /** `POST /api/challenges/{id}/decline`: the challenged player declines, or the challenger withdraws. */
    async decline(by, challengeId) {
      const userId = by.id;
      const now = ctx.clock.now();
      const challenge = await transact(ctx, async (tx) => {
        const [row] = await tx.select().from(pvpChallenges).where(eq(pvpChallenges.id, challengeId)).for('update');
        if (!row) throw notFound(CHALLENGE_MESSAGES.notFound);
        if (row.challengedId !== userId && row.challengerId !== userId) throw forbidden(CHALLENGE_MESSAGES.notYours);
        if (row.status !== 'pending' || row.expiresAt <= now) throw conflict(CHALLENGE_MESSAGES.over);
        await tx.update(pvpChallenges).set({ status: 'declined' }).where(eq(pvpChallenges.id, row.id));
        return row;
      });
      // The other side is told who: a challenger may have several friends to hear from.
      const other = challenge.challengerId === userId ? challenge.challengedId : challenge.challengerId;
      transport.toUser(other, [{ type: 'challenge_declined', challengeId: challenge.id, by: by.username }]);
      return { message: challenge.challengerId === userId ? 'Challenge withdrawn' : 'Challenge declined' };
    },
  };
}
