import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { LoginBody, PublicUser, RegisterBody } from '@common/auth';
import { AUTH_MESSAGES } from '@common/auth';
import { STARTING_CREDITS } from '@common/constants';
import type { Db, Executor } from '../db/client';
import { loginFailures, sessions, users } from '../db/schema';
import {
  isLoginThrottled,
  loginWindowStart,
  sessionExpiry,
  sessionNeedsRefresh,
  usernameKey,
} from '../domain/accounts';
import { PG_UNIQUE_VIOLATION, conflict, pgErrorCode, tooMany, unauthorized } from './errors';
import { moveCredits } from './ledger';
import { decoyHash, hashPassword, verifyPassword } from './passwords';

export interface SignedIn {
  user: PublicUser;
  /** The raw session token for the cookie; only its hash is stored. */
  token: string;
}

const publicColumns = { id: users.id, username: users.username, credits: users.credits };

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

async function createSession(db: Executor, userId: number, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId, expiresAt: sessionExpiry(now) });
  return token;
}

function findByUsername(db: Executor, username: string) {
  return db
    .select({ ...publicColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(sql`lower(${users.username})`, usernameKey(username)))
    .limit(1);
}

/** Creates the account with its starting credits (and their ledger row) and signs it in. */
export async function register(db: Db, input: RegisterBody, now = new Date()): Promise<SignedIn> {
  const [existing] = await findByUsername(db, input.username);
  if (existing) throw conflict(AUTH_MESSAGES.usernameTaken);
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({ username: input.username, passwordHash, credits: 0 })
        .returning({ id: users.id, username: users.username });
      const { id, username } = row!;
      const credits = await moveCredits(tx, { userId: id, delta: STARTING_CREDITS, reason: 'starting_grant' });
      const token = await createSession(tx, id, now);
      return { user: { id, username, credits }, token };
    });
  } catch (err) {
    // Two registrations racing for one name: the unique index lets only one through.
    if (pgErrorCode(err) === PG_UNIQUE_VIOLATION) throw conflict(AUTH_MESSAGES.usernameTaken);
    throw err;
  }
}

/**
 * Checks the password, counting failures per account name; after too many the answer is 429
 * whether or not the account exists. Unknown user and wrong password answer alike.
 */
export async function login(db: Db, input: LoginBody, now = new Date()): Promise<SignedIn> {
  const key = usernameKey(input.username);
  const [{ failures } = { failures: 0 }] = await db
    .select({ failures: sql<number>`count(*)::int` })
    .from(loginFailures)
    .where(and(eq(loginFailures.usernameKey, key), gt(loginFailures.createdAt, loginWindowStart(now))));
  if (isLoginThrottled(failures)) throw tooMany(AUTH_MESSAGES.tooManyAttempts);

  const [user] = await findByUsername(db, input.username);
  const ok = await verifyPassword(user?.passwordHash ?? (await decoyHash()), input.password);
  if (!user || !ok) {
    await db.transaction(async (tx) => {
      await tx
        .delete(loginFailures)
        .where(and(eq(loginFailures.usernameKey, key), lt(loginFailures.createdAt, loginWindowStart(now))));
      await tx.insert(loginFailures).values({ usernameKey: key, createdAt: now });
    });
    throw unauthorized(AUTH_MESSAGES.invalidCredentials);
  }
  await db.delete(loginFailures).where(eq(loginFailures.usernameKey, key));
  const token = await createSession(db, user.id, now);
  return { user: { id: user.id, username: user.username, credits: user.credits }, token };
}

/** Ends the session; answers whose it was (null when none), so its sockets can be closed. */
export async function logout(db: Db, token: string): Promise<number | null> {
  const [ended] = await db
    .delete(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)))
    .returning({ userId: sessions.userId });
  return ended?.userId ?? null;
}

/**
 * The session lookup runs on every authenticated request and socket: built once per database
 * and executed as a named prepared statement, so neither the query builder nor PostgreSQL's
 * planner repeats its work each time.
 */
function sessionLookup(db: Db) {
  return db
    .select({ ...publicColumns, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('session_user');
}
const sessionLookups = new WeakMap<Db, ReturnType<typeof sessionLookup>>();

/** The user behind a live session token, sliding its idle expiry; null when none. */
export async function authenticate(db: Db, token: string, now = new Date()): Promise<PublicUser | null> {
  const tokenHash = hashToken(token);
  let lookup = sessionLookups.get(db);
  if (!lookup) sessionLookups.set(db, (lookup = sessionLookup(db)));
  const [row] = await lookup.execute({ tokenHash, now });
  if (!row) return null;
  if (sessionNeedsRefresh(row.expiresAt, now)) {
    await db.update(sessions).set({ expiresAt: sessionExpiry(now) }).where(eq(sessions.tokenHash, tokenHash));
  }
  return { id: row.id, username: row.username, credits: row.credits };
}

/** Removes expired sessions; run now and then by whichever instance is up. */
export async function purgeExpiredSessions(db: Db, now = new Date()): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}
