import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { suspendedMessage } from '@common/moderation';
import { RECOVERY_MESSAGES, type RecoverBody } from '@common/recovery';
import type { AppContext } from '../context';
import { loginFailures, sessions, users } from '../db/schema';
import { recoveryCodes } from '../db/schema-moderation';
import { loginWindowStart, usernameKey } from '../domain/accounts';
import { isSuspended } from '../domain/moderation';
import { badRequest, forbidden, unauthorized } from '../errors';
import { admitAttempt, createSession, forgetSessions, hashToken, type Client, type SignedIn } from './accounts';
import { hashPassword, verifyPassword } from './passwords';
import { hashCode, replaceRecoveryCodes } from './recovery-codes';

/**
 * Account recovery without email (docs/decisions.md 'Account recovery'): a new set of codes for
 * the password, and a new password for a code. Wrong codes count as failed logins of the account
 * from the address, so they are throttled exactly like passwords, and an unknown player answers
 * the same as a wrong code.
 */

/** `POST /api/account/recovery-codes {password}`: ten new codes; the old ones stop working. */
export async function regenerateCodes(ctx: AppContext, userId: number, password: string, { address }: Client): Promise<string[]> {
  const now = ctx.clock.now();
  const [user] = await ctx.db.select({ username: users.username, passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw unauthorized();
  const key = usernameKey(user.username);
  await admitAttempt(ctx, key, address, loginWindowStart(now));
  if (!(await verifyPassword(user.passwordHash, password))) {
    await ctx.db.insert(loginFailures).values({ usernameKey: key, address, createdAt: now });
    throw badRequest(RECOVERY_MESSAGES.wrongPassword);
  }
  return ctx.db.transaction((tx) => replaceRecoveryCodes(tx, userId));
}

/**
 * `POST /api/account/recover`: with an unused code of the account, sets the new password, uses
 * the code up, ends every session of the account and signs the caller in.
 */
export async function recover(ctx: AppContext, input: RecoverBody, { address }: Client): Promise<SignedIn> {
  const { db } = ctx;
  const now = ctx.clock.now();
  const key = usernameKey(input.username);
  const since = loginWindowStart(now);
  await admitAttempt(ctx, key, address, since);
  const [user] = await db
    .select({ id: users.id, username: users.username, credits: users.credits, role: users.role, suspendedAt: users.suspendedAt, suspendedUntil: users.suspendedUntil })
    .from(users)
    .where(eq(sql`lower(${users.username})`, key))
    .limit(1);
  // The new password is hashed whether or not the account exists: both answers take as long.
  const passwordHash = await hashPassword(input.newPassword);
  const codeHash = hashCode(user?.id ?? 0, input.code);
  const signedIn = user
    ? await db.transaction(async (tx) => {
        const [used] = await tx
          .update(recoveryCodes)
          .set({ usedAt: now })
          .where(and(eq(recoveryCodes.userId, user.id), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
          .returning({ id: recoveryCodes.id });
        if (!used) return null;
        if (isSuspended(user.suspendedAt, user.suspendedUntil, now)) throw forbidden(suspendedMessage(user.suspendedUntil));
        await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
        await tx.delete(sessions).where(eq(sessions.userId, user.id));
        const token = await createSession(tx, user.id, now);
        return { user: { id: user.id, username: user.username, credits: user.credits, role: user.role }, token };
      })
    : null;
  if (!signedIn) {
    await db.transaction(async (tx) => {
      await tx.delete(loginFailures).where(and(eq(loginFailures.address, address), lt(loginFailures.createdAt, since)));
      await tx.insert(loginFailures).values({ usernameKey: key, address, createdAt: now });
    });
    throw unauthorized(RECOVERY_MESSAGES.invalid);
  }
  await db.delete(loginFailures).where(and(eq(loginFailures.usernameKey, key), eq(loginFailures.address, address)));
  await forgetSessions(ctx, { userId: signedIn.user.id, except: hashToken(signedIn.token) });
  return signedIn;
}

