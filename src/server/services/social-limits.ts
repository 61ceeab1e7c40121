import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import { formatCooldown } from '@common/characters';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { socialActions } from '../db/schema-social';
import { SOCIAL_WINDOW_MS, socialWaitMs } from '../domain/social';
import { tooMany } from '../errors';

/** First key of the advisory lock that serialises one player's social actions of a kind. */
const SOCIAL_LOCK = 4_204_125_1;
const KIND_KEYS = { friend_request: 1, challenge: 2 } as const;

/**
 * Counts one social action of the player against its hourly limit, in the action's transaction
 * under a per-player lock (racing requests cannot pass it): 429 with when to retry past it.
 * The action's own rollback takes the count back.
 */
export async function takeSocialAction(tx: Tx, userId: number, kind: keyof typeof KIND_KEYS, limit: number, now: Date, refusal: (wait: string) => string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SOCIAL_LOCK + KIND_KEYS[kind]}::int, ${userId}::int)`);
  const recent = await tx
    .select({ at: socialActions.createdAt })
    .from(socialActions)
    .where(and(eq(socialActions.userId, userId), eq(socialActions.kind, kind), gt(socialActions.createdAt, new Date(now.getTime() - SOCIAL_WINDOW_MS))))
    .orderBy(asc(socialActions.createdAt));
  const waitMs = socialWaitMs(
    recent.map((r) => r.at),
    limit,
    now,
  );
  if (waitMs > 0) throw tooMany(refusal(formatCooldown(waitMs)), Math.ceil(waitMs / 1000));
  await tx.insert(socialActions).values({ userId, kind, createdAt: now });
}

/** Forgets actions older than the hour; run hourly. */
export async function purgeSocialActions({ db, clock }: AppContext): Promise<void> {
  await db.delete(socialActions).where(lt(socialActions.createdAt, new Date(clock.now().getTime() - SOCIAL_WINDOW_MS)));
}
