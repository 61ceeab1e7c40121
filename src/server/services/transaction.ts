import { and, eq, lt, sql } from 'drizzle-orm';
import type { AppContext, IdempotencyRequest } from '../context';
import type { Tx } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { conflict } from '../errors';
import { recordedEvents, recordedNotices } from './outbox';

/** How long a key's answer is kept and replayed. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

export const IDEMPOTENCY_MESSAGES = {
  reused: 'This Idempotency-Key was already used for a different request',
} as const;

/** Thrown inside the action's transaction when its key was already answered: nothing is done again. */
export class IdempotentReplay extends Error {
  constructor(
    readonly status: number,
    readonly answer: unknown,
  ) {
    super('idempotent replay');
    this.name = 'IdempotentReplay';
  }
}

/**
 * Claims the key as the transaction's first statement. The primary key makes a second claim
 * wait for the first transaction: if that one commits, the claim finds its answer; if it rolls
 * back (the action was refused and changed nothing), the claim goes through and the action runs.
 * A row older than the TTL is taken over.
 */
async function claim(tx: Tx, request: IdempotencyRequest, now: Date): Promise<void> {
  const expired = new Date(now.getTime() - IDEMPOTENCY_TTL_MS);
  const claimed = await tx
    .insert(idempotencyKeys)
    .values({ userId: request.userId, key: request.key, fingerprint: request.fingerprint, status: request.status, createdAt: now })
    .onConflictDoUpdate({
      target: [idempotencyKeys.userId, idempotencyKeys.key],
      set: { fingerprint: request.fingerprint, status: request.status, answer: sql`null`, createdAt: now },
      setWhere: lt(idempotencyKeys.createdAt, expired),
    })
    .returning({ key: idempotencyKeys.key });
  if (claimed.length > 0) return;
  const [stored] = await tx
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, request.userId), eq(idempotencyKeys.key, request.key)));
  if (!stored) return;
  if (stored.fingerprint !== request.fingerprint) throw conflict(IDEMPOTENCY_MESSAGES.reused);
  throw new IdempotentReplay(stored.status, stored.answer);
}

/**
 * Runs a player's action in one transaction. With an Idempotency-Key on the context, the key is
 * claimed first and the answer stored last, in that same transaction: a repeat of the action
 * (the same key from the same player within 24 hours, even at the same moment on another
 * instance) answers the first answer again and has no second effect. Without one it is a plain
 * transaction. Domain events it recorded (services/outbox.ts) are handed on once it commits.
 */
export async function transact<T>(ctx: AppContext, work: (tx: Tx) => Promise<T>): Promise<T> {
  const request = ctx.idempotency;
  let events = false;
  let notices = false;
  const answer = await ctx.db.transaction(async (tx) => {
    if (request) await claim(tx, request, ctx.clock.now());
    const answer = await work(tx);
    if (request) {
      await tx
        .update(idempotencyKeys)
        .set({ answer: (answer ?? null) as never })
        .where(and(eq(idempotencyKeys.userId, request.userId), eq(idempotencyKeys.key, request.key)));
    }
    events = recordedEvents(tx);
    notices = recordedNotices(tx);
    return answer;
  });
  // Committed: the events it recorded can be consumed now rather than at the next poll; one that
  // notifies a player (a friend request, a challenge, a sale) without waiting for others to gather.
  if (events) ctx.outbox.nudge(notices);
  return answer;
}

/** Forgets answers past the TTL; run hourly with the session purge. */
export async function purgeIdempotencyKeys(ctx: AppContext): Promise<void> {
  await ctx.db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(ctx.clock.now().getTime() - IDEMPOTENCY_TTL_MS)));
}
