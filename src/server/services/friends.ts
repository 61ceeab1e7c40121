import { and, eq, or, sql } from 'drizzle-orm';
import { FRIEND_MESSAGES, FRIEND_REQUESTS_PER_HOUR, MAX_FRIENDS, type FriendCard, type FriendRequestView, type FriendsView } from '@common/friends';
import type { AppContext } from '../context';
import { rowsOf, type Executor, type Tx } from '../db/client';
import { characters, users } from '../db/schema';
import { guildMembers, guilds } from '../db/schema-guilds';
import { pvpBattles } from '../db/schema-pvp';
import { friendRequests, friendships } from '../db/schema-social';
import { PG_UNIQUE_VIOLATION, badRequest, conflict, forbidden, notFound, pgErrorCode } from '../errors';
import { assertNotBlocked } from './blocks';
import { eitherWay, friendsChanged, lockSocialLists } from './social-pairs';
import { recordEvents } from './outbox';
import { takeSocialAction } from './social-limits';
import { transact } from './transaction';

/**
 * Friends (issue 25). One function per action, each in one transaction that locks the two
 * players (in id order) before it counts or checks anything, so racing requests, answers and
 * removals see each other. Requests and acceptances are domain events: their notifications come
 * from the outbox.
 */

async function friendCount(db: Executor, userId: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(friendships).where(eq(friendships.userId, userId));
  return row?.n ?? 0;
}

async function areFriends(db: Executor, a: number, b: number): Promise<boolean> {
  const [row] = await db
    .select({ a: friendships.userId })
    .from(friendships)
    .where(and(eq(friendships.userId, a), eq(friendships.friendId, b)));
  return row !== undefined;
}

export async function userByName(db: Executor, username: string): Promise<{ id: number; username: string } | undefined> {
  const [row] = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return row;
}

const requestView = (id: number, other: { id: number; username: string }, createdAt: Date): FriendRequestView => ({
  id,
  userId: other.id,
  username: other.username,
  createdAt: createdAt.toISOString(),
});

/** `POST /api/friends/requests {username}`: the one place a friend request is allowed or refused. */
export async function sendFriendRequest(ctx: AppContext, userId: number, username: string): Promise<FriendRequestView> {
  return transact(ctx, async (tx) => {
    const now = ctx.clock.now();
    const target = await userByName(tx, username);
    if (!target) throw notFound(FRIEND_MESSAGES.unknown);
    if (target.id === userId) throw badRequest(FRIEND_MESSAGES.yourself);
    await lockSocialLists(tx, userId, target.id);
    // After the locks: a block committed while this request waited for them refuses it (the
    // block's own transaction could not remove a request that did not exist yet).
    await assertNotBlocked(tx, userId, target.id);
    if (await areFriends(tx, userId, target.id)) throw conflict(FRIEND_MESSAGES.alreadyFriends(target.username));
    const pending = await tx
      .select()
      .from(friendRequests)
      .where(eitherWay(friendRequests.fromUserId, friendRequests.toUserId, userId, target.id));
    if (pending.some((r) => r.fromUserId === userId)) throw conflict(FRIEND_MESSAGES.alreadyRequested(target.username));
    if (pending.length > 0) throw conflict(FRIEND_MESSAGES.theyRequested(target.username));
    if ((await friendCount(tx, userId)) >= MAX_FRIENDS) throw conflict(FRIEND_MESSAGES.yourLimit);
    await takeSocialAction(tx, userId, 'friend_request', FRIEND_REQUESTS_PER_HOUR, now, FRIEND_MESSAGES.tooMany);
    let id: number;
    try {
      const [row] = await tx.insert(friendRequests).values({ fromUserId: userId, toUserId: target.id, createdAt: now }).returning({ id: friendRequests.id });
      id = row!.id;
    } catch (err) {
      if (pgErrorCode(err) === PG_UNIQUE_VIOLATION) throw conflict(FRIEND_MESSAGES.alreadyRequested(target.username));
      throw err;
    }
    const [me] = await tx.select({ username: users.username }).from(users).where(eq(users.id, userId));
    await recordEvents(tx, [{ type: 'FriendRequested', userId: target.id, fromUserId: userId, fromUsername: me!.username }], now);
    return requestView(id, target, now);
  });
}

async function requestFor(tx: Tx, requestId: number) {
  const [request] = await tx.select().from(friendRequests).where(eq(friendRequests.id, requestId));
  if (!request) throw notFound(FRIEND_MESSAGES.requestNotFound);
  return request;
}

/** `POST /api/friends/requests/{id}/accept`: the recipient only; both sides below the limit. */
export async function acceptFriendRequest(ctx: AppContext, userId: number, requestId: number): Promise<FriendsView> {
  await transact(ctx, async (tx) => {
    const peek = await requestFor(tx, requestId);
    if (peek.toUserId !== userId) throw forbidden(FRIEND_MESSAGES.notYourRequest);
    await lockSocialLists(tx, peek.fromUserId, peek.toUserId);
    // A block made while the request waited refuses it.
    await assertNotBlocked(tx, userId, peek.fromUserId);
    const request = await requestFor(tx, requestId);
    const [from] = await tx.select({ id: users.id, username: users.username }).from(users).where(eq(users.id, request.fromUserId));
    if ((await friendCount(tx, userId)) >= MAX_FRIENDS) throw conflict(FRIEND_MESSAGES.yourLimit);
    if ((await friendCount(tx, from!.id)) >= MAX_FRIENDS) throw conflict(FRIEND_MESSAGES.theirLimit(from!.username));
    const now = ctx.clock.now();
    await tx
      .insert(friendships)
      .values([
        { userId, friendId: from!.id, createdAt: now },
        { userId: from!.id, friendId: userId, createdAt: now },
      ])
      .onConflictDoNothing();
    await tx.delete(friendRequests).where(eq(friendRequests.id, request.id));
    const [me] = await tx.select({ username: users.username }).from(users).where(eq(users.id, userId));
    await recordEvents(tx, [{ type: 'FriendAccepted', userId: from!.id, byUserId: userId, byUsername: me!.username }], now);
  });
  return listFriends(ctx, userId);
}

/** `POST /api/friends/requests/{id}/decline`: the recipient declines, or the sender withdraws. */
export async function declineFriendRequest(ctx: AppContext, userId: number, requestId: number): Promise<{ message: string }> {
  const request = await transact(ctx, async (tx) => {
    const row = await requestFor(tx, requestId);
    if (row.toUserId !== userId && row.fromUserId !== userId) throw forbidden(FRIEND_MESSAGES.notYourRequest);
    await tx.delete(friendRequests).where(eq(friendRequests.id, row.id));
    return row;
  });
  const declined = request.toUserId === userId;
  await friendsChanged(ctx, declined ? request.fromUserId : request.toUserId);
  return { message: declined ? 'Friend request declined' : 'Friend request withdrawn' };
}

/** `POST /api/friends/{userId}/remove`: ends the friendship both ways. */
export async function removeFriend(ctx: AppContext, userId: number, friendId: number): Promise<{ message: string }> {
  await transact(ctx, async (tx) => {
    await lockSocialLists(tx, userId, friendId);
    const gone = await tx
      .delete(friendships)
      .where(eitherWay(friendships.userId, friendships.friendId, userId, friendId))
      .returning({ userId: friendships.userId });
    if (gone.length === 0) throw notFound(FRIEND_MESSAGES.notFriends);
  });
  await friendsChanged(ctx, friendId);
  return { message: 'Friend removed' };
}

interface FriendRow {
  id: number;
  username: string;
  level: number | null;
  character_name: string | null;
  in_battle: boolean;
}

/** `GET /api/friends`: friends by name with their current character and battle (one statement), presence from the bus's socket register. */
export async function listFriends(ctx: AppContext, userId: number): Promise<FriendsView> {
  const { db } = ctx;
  const rows = rowsOf<FriendRow>(
    await db.execute(sql`
    select u.id, u.username, c.level, c.name as character_name,
      exists (select 1 from ${pvpBattles} b where b.status = 'active' and (b.player1_user_id = u.id or b.player2_user_id = u.id)) as in_battle
    from ${friendships} f
    join ${users} u on u.id = f.friend_id
    left join lateral (
      select level, name from ${characters} ch where ch.user_id = u.id order by ch.listed, ch.level desc, ch.wins desc, ch.id limit 1
    ) c on true
    where f.user_id = ${userId}
    order by lower(u.username)`),
  );
  const counts = await ctx.bus.socketCounts(rows.map((r) => r.id)).catch((err: unknown) => {
    ctx.log.warn({ err: String(err) }, 'presence unavailable');
    return rows.map(() => 0);
  });
  const requests = await db
    .select({ id: friendRequests.id, fromUserId: friendRequests.fromUserId, toUserId: friendRequests.toUserId, createdAt: friendRequests.createdAt, otherId: users.id, otherName: users.username })
    .from(friendRequests)
    .innerJoin(users, sql`${users.id} = case when ${friendRequests.fromUserId} = ${userId} then ${friendRequests.toUserId} else ${friendRequests.fromUserId} end`)
    .where(or(eq(friendRequests.fromUserId, userId), eq(friendRequests.toUserId, userId)))
    .orderBy(friendRequests.id);
  const view = (r: (typeof requests)[number]) => requestView(r.id, { id: r.otherId, username: r.otherName }, r.createdAt);
  return {
    friends: rows.map((r, i) => ({
      userId: r.id,
      username: r.username,
      online: (counts[i] ?? 0) > 0,
      level: r.level ?? 0,
      characterName: r.character_name,
      inBattle: Boolean(r.in_battle),
    })),
    incoming: requests.filter((r) => r.toUserId === userId).map(view),
    outgoing: requests.filter((r) => r.fromUserId === userId).map(view),
  };
}

/** `GET /api/friends/{userId}`: a friend's card. */
export async function friendCard(ctx: AppContext, userId: number, friendId: number): Promise<FriendCard> {
  const { db } = ctx;
  if (!(await areFriends(db, userId, friendId))) throw notFound(FRIEND_MESSAGES.notFriends);
  const [friend] = await db.select({ id: users.id, username: users.username }).from(users).where(eq(users.id, friendId));
  if (!friend) throw notFound(FRIEND_MESSAGES.notFriends);
  const [character] = await db
    .select({ id: characters.id, name: characters.name, class: characters.class, level: characters.level, wins: characters.wins, losses: characters.losses, rating: characters.rating })
    .from(characters)
    .where(eq(characters.userId, friendId))
    .orderBy(characters.listed, sql`${characters.level} desc`, sql`${characters.wins} desc`, characters.id)
    .limit(1);
  const [guild] = await db
    .select({ id: guilds.id, name: guilds.name })
    .from(guildMembers)
    .innerJoin(guilds, eq(guilds.id, guildMembers.guildId))
    .where(eq(guildMembers.userId, friendId));
  const [count] = await ctx.bus.socketCounts([friendId]).catch(() => [0]);
  return {
    userId: friend.id,
    username: friend.username,
    online: (count ?? 0) > 0,
    character: character ? { ...character, rating: Math.round(character.rating) } : null,
    guild: guild ?? null,
  };
}
