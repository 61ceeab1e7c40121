import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm';
import type { LoginBody, PublicUser, RegisterBody } from '@common/auth';
import { AUTH_MESSAGES } from '@common/auth';
import { STARTING_CREDITS } from '@common/constants';
import type { AppContext } from '../context';
import { batchedReads } from '../db/batch';
import { perDatabase, type Executor } from '../db/client';
import { loginFailures, registrations, sessions, users } from '../db/schema';
import {
  LOGIN_ACCOUNT_COUNT_LIMIT,
  isLoginThrottled,
  loginDelayMs,
  loginWindowStart,
  registrationWaitMs,
  registrationWindowStart,
  sessionExpiry,
  sessionNeedsRefresh,
  usernameKey,
} from '../domain/accounts';
import { formatCooldown } from '@common/characters';
import { PG_UNIQUE_VIOLATION, badRequest, conflict, forbidden, pgErrorCode, tooMany, unauthorized } from '../errors';
import { isSuspended } from '../domain/moderation';
import { suspendedMessage } from '@common/moderation';
import { applyAdminNames } from './admin-names';
import { replaceRecoveryCodes } from './recovery-codes';
import { moveCredits } from './ledger';
import { decoyHash, hashPassword, verifyPassword } from './passwords';
import { SESSIONS_CHANNEL, type SessionUser, type SessionsEnded } from './session-cache';

export interface SignedIn {
  user: PublicUser;
  /** The raw session token for the cookie; only its hash is stored. */
  token: string;
  /** At registration: the one-time recovery codes, shown once (services/recovery.ts). */
  recoveryCodes?: string[];
}

const publicColumns = { id: users.id, username: users.username, credits: users.credits, role: users.role, mutedUntil: users.mutedUntil };

/** A player as `publicColumns` reads them. */
interface PublicRow extends Omit<PublicUser, 'mutedUntil'> {
  mutedUntil: Date | null;
}

/** A mute still running, as the player's answer carries it (the chat shows it before a message is refused); nothing otherwise. */
const mutedNow = (until: Date | null, now: Date): { mutedUntil?: string } => (until && until > now ? { mutedUntil: until.toISOString() } : {});

/** What the database keeps of a session token (and what names a session elsewhere, e.g. on a socket). */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function createSession(db: Executor, userId: number, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId, expiresAt: sessionExpiry(now) });
  return token;
}

function findByUsername(db: Executor, username: string) {
  return db
    .select({ ...publicColumns, passwordHash: users.passwordHash, suspendedAt: users.suspendedAt, suspendedUntil: users.suspendedUntil })
    .from(users)
    .where(eq(sql`lower(${users.username})`, usernameKey(username)))
    .limit(1);
}

/** Who is asking: the client's address (the socket's, or X-Forwarded-For's behind a trusted proxy). */
export interface Client {
  address: string;
}

/** First key of the advisory lock that serialises registrations from one address. */
const REGISTRATION_LOCK_NAMESPACE = 4_204_102;

/** 429 when the address has created `limit` accounts in the last hour (0 = no limit). */
async function assertMayRegister(db: Executor, address: string, limit: number, now: Date): Promise<void> {
  if (limit === 0) return;
  const recent = await db
    .select({ createdAt: registrations.createdAt })
    .from(registrations)
    .where(and(eq(registrations.address, address), gt(registrations.createdAt, registrationWindowStart(now))))
    .orderBy(registrations.createdAt);
  const waitMs = registrationWaitMs(recent.map((r) => r.createdAt), limit, now);
  if (waitMs > 0) throw tooMany(`Too many accounts were created from your network. Try again in ${formatCooldown(waitMs)}.`);
}

/**
 * Creates the account with its starting credits (and their ledger row) and signs it in. At most
 * `limit` accounts per address per rolling hour: counted under a per-address lock in the
 * transaction that creates the account, so racing registrations cannot slip past it.
 */
export async function register(ctx: AppContext, input: RegisterBody, { address }: Client): Promise<SignedIn> {
  const { db } = ctx;
  const now = ctx.clock.now();
  const limit = ctx.config.REGISTRATION_LIMIT;
  // Checked before the (deliberately slow) password hash, and again under the lock below.
  await assertMayRegister(db, address, limit, now);
  const [existing] = await findByUsername(db, input.username);
  if (existing) throw conflict(AUTH_MESSAGES.usernameTaken);
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      if (limit > 0) {
        await tx.execute(sql`select pg_advisory_xact_lock(${REGISTRATION_LOCK_NAMESPACE}::int, hashtext(${address}))`);
        await assertMayRegister(tx, address, limit, now);
      }
      const [row] = await tx
        .insert(users)
        .values({ username: input.username, passwordHash, credits: 0 })
        .returning({ id: users.id, username: users.username });
      const { id, username } = row!;
      const role = await applyAdminNames({ ...ctx, db: tx }, id, username);
      await tx.insert(registrations).values({ address, userId: id, createdAt: now });
      const credits = await moveCredits(tx, { userId: id, delta: STARTING_CREDITS, reason: 'starting_grant' });
      const token = await createSession(tx, id, now);
      const recoveryCodes = await replaceRecoveryCodes(tx, id);
      return { user: { id, username, credits, role }, token, recoveryCodes };
    });
  } catch (err) {
    // Two registrations racing for one name: the unique index lets only one through.
    if (pgErrorCode(err) === PG_UNIQUE_VIOLATION) throw conflict(AUTH_MESSAGES.usernameTaken);
    throw err;
  }
}

/**
 * Lets a password be tried (DESIGN §4, docs/decisions.md 'Accounts'): 429 once this address has
 * failed too often for this account or for all accounts, or, with the account at its ceiling of
 * failures over every address, too often for it under the ceiling. At the ceiling the attempt
 * then waits (in ctx.logins, holding no connection), or is 429 with Retry-After when too many
 * attempts on the account are waiting already. Counted by name, so unknown accounts alike.
 */
export async function admitAttempt(ctx: AppContext, key: string, address: string, since: Date): Promise<void> {
  // Failures of the account from anywhere are counted up to the number past which nothing changes.
  const everywhere = sql<number>`(select count(*)::int from (select 1 from ${loginFailures} where ${loginFailures.usernameKey} = ${key} and ${loginFailures.createdAt} > ${since} limit ${LOGIN_ACCOUNT_COUNT_LIMIT}) as recent)`;
  const [failures = { account: 0, address: 0, everywhere: 0 }] = await ctx.db
    .select({
      account: sql<number>`count(*) filter (where ${loginFailures.usernameKey} = ${key})::int`,
      address: sql<number>`count(*)::int`,
      everywhere,
    })
    .from(loginFailures)
    .where(and(eq(loginFailures.address, address), gt(loginFailures.createdAt, since)));
  if (isLoginThrottled(failures)) throw tooMany(AUTH_MESSAGES.tooManyAttempts);
  const delayMs = loginDelayMs(failures.everywhere);
  if (!(await ctx.logins.wait(key, address, delayMs))) throw tooMany(AUTH_MESSAGES.tooManyAttempts, Math.ceil(delayMs / 1000));
}

/**
 * Checks the password, counting failures per account name and client address (DESIGN §4): the
 * address that keeps failing gets 429, whether or not the account exists, while the owner logging
 * in from elsewhere is not locked out (at worst they wait, when the account is at its ceiling).
 * Unknown user and wrong password answer alike.
 */
export async function login(ctx: AppContext, input: LoginBody, { address }: Client): Promise<SignedIn> {
  const { db } = ctx;
  const now = ctx.clock.now();
  const key = usernameKey(input.username);
  const since = loginWindowStart(now);
  await admitAttempt(ctx, key, address, since);

  const [user] = await findByUsername(db, input.username);
  const ok = await verifyPassword(user?.passwordHash ?? (await decoyHash()), input.password);
  if (!user || !ok) {
    await db.transaction(async (tx) => {
      await tx.delete(loginFailures).where(and(eq(loginFailures.address, address), lt(loginFailures.createdAt, since)));
      await tx.insert(loginFailures).values({ usernameKey: key, address, createdAt: now });
    });
    throw unauthorized(AUTH_MESSAGES.invalidCredentials);
  }
  await db.delete(loginFailures).where(and(eq(loginFailures.usernameKey, key), eq(loginFailures.address, address)));
  // The right password of a suspended account: 403 with the end date (docs/decisions.md 'Moderation').
  if (isSuspended(user.suspendedAt, user.suspendedUntil, now)) throw forbidden(suspendedMessage(user.suspendedUntil));
  const role = await applyAdminNames(ctx, user.id, user.username, user.role);
  const token = await createSession(db, user.id, now);
  return { user: { id: user.id, username: user.username, credits: user.credits, role, ...mutedNow(user.mutedUntil, now) }, token };
}

/** Ends the session; answers whose it was (null when none), so its sockets can be closed. */
export async function logout(ctx: AppContext, token: string): Promise<number | null> {
  const tokenHash = hashToken(token);
  const [ended] = await ctx.db.delete(sessions).where(eq(sessions.tokenHash, tokenHash)).returning({ userId: sessions.userId });
  if (ended) await forgetSessions(ctx, { userId: ended.userId, only: tokenHash });
  return ended?.userId ?? null;
}

/** The session lookup runs when a session is not in the cache: a named prepared statement. */
/** Sessions with their players by token hash, the lookups of one event-loop turn in one statement (db/batch.ts). */
const sessionsByHash = perDatabase((db) => {
  const statement = db
    .select({ tokenHash: sessions.tokenHash, id: users.id, username: users.username, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(sql`${sessions.tokenHash} = any(${sql.placeholder('hashes')}::text[])`)
    .prepare('session_users');
  return batchedReads<string, { id: number; username: string; expiresAt: Date }>(
    async (hashes) => new Map((await statement.execute({ hashes })).map((row) => [row.tokenHash, row])),
  );
});

/**
 * The player behind a live session token: from the in-process cache when it knows the session,
 * else read (sliding its idle expiry when due) and remembered. Null when there is none.
 */
export async function authenticate(ctx: AppContext, token: string): Promise<SessionUser | null> {
  const { db } = ctx;
  const now = ctx.clock.now();
  const tokenHash = hashToken(token);
  const cached = ctx.sessions.get(tokenHash, now.getTime());
  if (cached) return cached;
  const row = await sessionsByHash(db)(tokenHash);
  if (!row || row.expiresAt.getTime() <= now.getTime()) return null;
  let expiresAt = row.expiresAt;
  if (sessionNeedsRefresh(row.expiresAt, now)) {
    expiresAt = sessionExpiry(now);
    await db.update(sessions).set({ expiresAt }).where(eq(sessions.tokenHash, tokenHash));
  }
  const user = { id: row.id, username: row.username };
  ctx.sessions.set(tokenHash, user, expiresAt.getTime(), now.getTime());
  return user;
}

/** Players by id, the reads of one event-loop turn in one statement (db/batch.ts). */
const usersById = perDatabase((db) => {
  const statement = db
    .select(publicColumns)
    .from(users)
    .where(sql`${users.id} = any(${sql.placeholder('ids')}::int[])`)
    .prepare('public_users');
  return batchedReads<number, PublicRow>(async (ids) => new Map((await statement.execute({ ids })).map((row) => [row.id, row])));
});

/** `GET /api/user`: the player with their balance as it is now (balances are never cached). */
export async function publicUser({ db, clock }: AppContext, userId: number): Promise<PublicUser> {
  const row = await usersById(db)(userId);
  if (!row) throw unauthorized();
  const { mutedUntil, ...user } = row;
  return { ...user, ...mutedNow(mutedUntil, clock.now()) };
}

/**
 * Ends sessions in every instance's cache: here at once, elsewhere over the bus (sent again if
 * the bus is down now; the cache's short lifetime bounds the rest).
 */
export async function forgetSessions(ctx: AppContext, ended: SessionsEnded): Promise<void> {
  ctx.sessions.evict(ended);
  await ctx.bus.publish(SESSIONS_CHANNEL, ended, { retry: true }).catch((err: unknown) => ctx.log.warn({ err }, 'could not announce ended sessions yet'));
}

/** Which of these session hashes are still live sessions (one statement per thousand). */
export async function liveSessions({ db, clock }: AppContext, hashes: readonly string[]): Promise<Set<string>> {
  const live = new Set<string>();
  const now = clock.now();
  for (let i = 0; i < hashes.length; i += 1000) {
    const rows = await db
      .select({ tokenHash: sessions.tokenHash })
      .from(sessions)
      .where(and(inArray(sessions.tokenHash, hashes.slice(i, i + 1000)), gt(sessions.expiresAt, now)));
    for (const row of rows) live.add(row.tokenHash);
  }
  return live;
}

/**
 * Changes the password after checking the current one (a wrong one counts as a failed login
 * from this address, so a stolen cookie cannot be used to guess it), and ends every other
 * session of the account. Answers the hashes of the sessions ended.
 */
export async function changePassword(
  ctx: AppContext,
  userId: number,
  currentToken: string,
  input: { currentPassword: string; newPassword: string },
  { address }: Client,
): Promise<void> {
  const { db } = ctx;
  const now = ctx.clock.now();
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw unauthorized();
  const key = usernameKey(user.username);
  const since = loginWindowStart(now);
  await admitAttempt(ctx, key, address, since);
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    await db.insert(loginFailures).values({ usernameKey: key, address, createdAt: now });
    throw badRequest(AUTH_MESSAGES.wrongCurrentPassword);
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    await tx.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, hashToken(currentToken))));
  });
  await forgetSessions(ctx, { userId, except: hashToken(currentToken) });
}

/** Ends every session of the account, this one included. */
export async function signOutEverywhere(ctx: AppContext, userId: number): Promise<void> {
  await ctx.db.delete(sessions).where(eq(sessions.userId, userId));
  await forgetSessions(ctx, { userId });
}

/** Removes expired sessions and throttling rows past their window; run hourly by whichever instance is up. */
export async function purgeExpiredSessions(ctx: AppContext): Promise<void> {
  const { db } = ctx;
  const now = ctx.clock.now();
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
  await db.delete(registrations).where(lt(registrations.createdAt, registrationWindowStart(now)));
  await db.delete(loginFailures).where(lt(loginFailures.createdAt, loginWindowStart(now)));
}
