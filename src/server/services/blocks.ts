import { and, desc, eq, inArray, sql, type AnyColumn } from 'drizzle-orm';
import { MAX_BLOCKS, MODERATION_MESSAGES, type BlockView } from '@common/moderation';
import type { AppContext } from '../context';
import type { Executor } from '../db/client';
import { users } from '../db/schema';
import { blocks } from '../db/schema-moderation';
import { friendRequests, friendships, pvpChallenges } from '../db/schema-social';
import { blockPairKey } from '../domain/moderation';
import { badRequest, conflict, forbidden, notFound } from '../errors';
import { tellPlayer } from './notifications';
import { eitherWay, friendsChanged, lockSocialLists } from './social-pairs';

/**
 * Blocks (docs/decisions.md 'Moderation'): a blocked player's chat is hidden from the blocker,
 * and the two never meet (both PvP queues, guild invitations; friends and challenges ask
 * `assertNotBlocked`). The blocked side is only ever told MODERATION_MESSAGES.notAccepting.
 */

/**
 * Blocks the player by name. A block ends what the two had as friends, both ways and in the same
 * transaction: the friendship and any request between them, as a block replaces a friend's state
 * (the blocked player no longer sees the blocker's presence, and lifting the block brings none of
 * it back), and a duel challenge still open between them is declined. Both players' pages are told.
 */
export async function blockPlayer(ctx: AppContext, blockerId: number, username: string): Promise<BlockView> {
  const { view, unfriended, declined } = await ctx.db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(eq(sql`lower(${users.username})`, username.trim().toLowerCase()))
      .limit(1);
    if (!target) throw notFound(MODERATION_MESSAGES.playerNotFound);
    if (target.id === blockerId) throw badRequest(MODERATION_MESSAGES.blockSelf);
    // The blocker's lock counts their blocks; the other's, with it, orders the block with any
    // friend request or acceptance between the two (friends take the same locks).
    await lockSocialLists(tx, blockerId, target.id);
    const [existing] = await tx
      .select({ createdAt: blocks.createdAt })
      .from(blocks)
      .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, target.id)));
    let createdAt = existing?.createdAt;
    if (!createdAt) {
      const [count] = await tx.select({ n: sql<number>`count(*)::int` }).from(blocks).where(eq(blocks.blockerId, blockerId));
      if ((count?.n ?? 0) >= MAX_BLOCKS) throw conflict(MODERATION_MESSAGES.tooManyBlocks);
      const [row] = await tx.insert(blocks).values({ blockerId, blockedId: target.id }).returning({ createdAt: blocks.createdAt });
      createdAt = row!.createdAt;
    }
    const between = (a: AnyColumn, b: AnyColumn) => eitherWay(a, b, blockerId, target.id);
    const friends = await tx.delete(friendships).where(between(friendships.userId, friendships.friendId)).returning({ userId: friendships.userId });
    const requests = await tx.delete(friendRequests).where(between(friendRequests.fromUserId, friendRequests.toUserId)).returning({ id: friendRequests.id });
    // A duel challenge still open between them is declined: the challenger waits for it no longer.
    const challenges = await tx
      .update(pvpChallenges)
      .set({ status: 'declined' })
      .where(and(between(pvpChallenges.challengerId, pvpChallenges.challengedId), eq(pvpChallenges.status, 'pending')))
      .returning({ id: pvpChallenges.id });
    return {
      view: { userId: target.id, username: target.username, createdAt: createdAt.toISOString() },
      unfriended: friends.length + requests.length > 0,
      declined: challenges.map((c) => c.id),
    };
  });
  const told = [view.userId, blockerId];
  await Promise.all([
    ...(unfriended ? told.map((id) => friendsChanged(ctx, id)) : []),
    // Without who declined: the blocked side is told nothing of the block.
    ...declined.flatMap((challengeId) => told.map((id) => tellPlayer(ctx, id, { type: 'challenge_declined', challengeId }))),
  ]);
  return view;
}

/** Lifts a block; answers whether there was one. */
export async function unblockPlayer({ db }: AppContext, blockerId: number, blockedId: number): Promise<boolean> {
  const removed = await db
    .delete(blocks)
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)))
    .returning({ id: blocks.blockedId });
  return removed.length > 0;
}

/** The players this one blocks, newest first. */
export async function blockList({ db }: AppContext, blockerId: number): Promise<BlockView[]> {
  const rows = await db
    .select({ userId: blocks.blockedId, username: users.username, createdAt: blocks.createdAt })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .where(eq(blocks.blockerId, blockerId))
    .orderBy(desc(blocks.createdAt), desc(blocks.blockedId));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/** Who of the two blocks the other (neither, one or both), in one statement. */
async function blockersBetween(db: Executor, a: number, b: number): Promise<number[]> {
  const rows = await db
    .select({ blocker: blocks.blockerId })
    .from(blocks)
    .where(eitherWay(blocks.blockerId, blocks.blockedId, a, b));
  return rows.map((r) => r.blocker);
}

/** Whether either of the two blocks the other. */
export async function isBlockedBetween(db: Executor, a: number, b: number): Promise<boolean> {
  return (await blockersBetween(db, a, b)).length > 0;
}

/**
 * 403 when either of the two blocks the other: the `actor` who blocks is told it is their own
 * block (they know it, and can lift it in Account); a blocked actor only the neutral refusal.
 */
export async function assertNotBlocked(db: Executor, actor: number, other: number): Promise<void> {
  const blockers = await blockersBetween(db, actor, other);
  if (blockers.length === 0) return;
  throw forbidden(blockers.includes(actor) ? MODERATION_MESSAGES.youBlocked : MODERATION_MESSAGES.notAccepting);
}

/** The blocks among these players, as `min:max` keys of the pairs (one statement), for matchmaking. */
export async function blockedPairsAmong(db: Executor, userIds: readonly number[]): Promise<Set<string>> {
  if (userIds.length < 2) return new Set();
  const ids = [...new Set(userIds)];
  const rows = await db
    .select({ a: blocks.blockerId, b: blocks.blockedId })
    .from(blocks)
    .where(and(inArray(blocks.blockerId, ids), inArray(blocks.blockedId, ids)));
  return new Set(rows.map(({ a, b }) => blockPairKey(a, b)));
}

/** Who blocks each of these authors (one statement), by author id. */
export async function blockersOfAll(db: Executor, authorIds: readonly number[]): Promise<Map<number, number[]>> {
  const found = new Map<number, number[]>();
  if (authorIds.length === 0) return found;
  const rows = await db.select({ blocker: blocks.blockerId, author: blocks.blockedId }).from(blocks).where(inArray(blocks.blockedId, [...new Set(authorIds)]));
  for (const { blocker, author } of rows) found.set(author, [...(found.get(author) ?? []), blocker]);
  return found;
}

/** Who blocks this author: their sockets are not sent the author's chat. */
export async function blockersOf(db: Executor, authorId: number): Promise<number[]> {
  return (await blockersOfAll(db, [authorId])).get(authorId) ?? [];
}
