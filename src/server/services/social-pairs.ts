import { and, eq, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { tellPlayer } from './notifications';

/**
 * What friends, challenges and blocks share about two players: the lock on their social lists, the
 * condition that finds a row between them either way round, and the word to their pages that their
 * friends changed.
 */

/** First key of the advisory lock on one player's friends, requests and blocks (second key: the user id). */
const SOCIAL_LOCK = 4_204_126;

/**
 * Locks these players' social lists, in id order: every friends and blocks transaction takes them
 * so, and racing requests, answers, removals and blocks see each other without a deadlock.
 */
export async function lockSocialLists(tx: Tx, ...userIds: number[]): Promise<void> {
  for (const id of [...new Set(userIds)].sort((x, y) => x - y)) await tx.execute(sql`select pg_advisory_xact_lock(${SOCIAL_LOCK}::int, ${id}::int)`);
}

/** Rows between `x` and `y` either way round: `a` is one of them and `b` the other (a friendship, a request, a block, a challenge). */
export function eitherWay(a: AnyColumn, b: AnyColumn, x: number, y: number): SQL {
  return or(and(eq(a, x), eq(b, y)), and(eq(a, y), eq(b, x)))!;
}

/**
 * Tells the player's open pages that their friends or requests changed without a notification (a
 * request declined or withdrawn, a friendship ended or blocked): their lists update at once instead
 * of at the next poll. A bus that cannot take it leaves that to the poll.
 */
export async function friendsChanged(ctx: AppContext, userId: number): Promise<void> {
  await tellPlayer(ctx, userId, { type: 'friends_changed' });
}

