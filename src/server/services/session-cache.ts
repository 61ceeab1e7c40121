/**
 * Live sessions remembered in process (DESIGN §5, issue: hot paths): a session token's hash →
 * its player, for a short while, so most requests and socket upgrades need no database read to
 * know who is asking. A logout, a password change or 'sign out everywhere' evicts the ended
 * sessions on every instance at once (over the bus, `SESSIONS_CHANNEL`); the short lifetime
 * bounds what a lost eviction could keep alive, and the cache is emptied when the bus comes back
 * from an outage. Balances are never cached: every read of credits and every money move reads the row.
 */

/** A signed-in player, as a session names them. */
export interface SessionUser {
  id: number;
  username: string;
}

/** Bus channel of session evictions. */
export const SESSIONS_CHANNEL = 'sessions';

/** Sessions of a user that ended: all of them, only one, or all but one. */
export interface SessionsEnded {
  userId: number;
  only?: string;
  except?: string;
}

export function isSessionsEnded(value: unknown): value is SessionsEnded {
  return typeof (value as { userId?: unknown } | null)?.userId === 'number';
}

interface Entry {
  user: SessionUser;
  /** When the session itself expires (its idle limit, as last stored). */
  expiresAt: number;
  /** When this entry must be read from the database again. */
  staleAt: number;
}

export const SESSION_CACHE_TTL_MS = 30_000;
const MAX_ENTRIES = 100_000;

export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly byUser = new Map<number, Set<string>>();

  constructor(
    private readonly ttlMs = SESSION_CACHE_TTL_MS,
    private readonly max = MAX_ENTRIES,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** The player of a session still known to be live at `now`, or null (then ask the database). */
  get(tokenHash: string, now: number): SessionUser | null {
    const entry = this.entries.get(tokenHash);
    if (!entry) return null;
    if (entry.staleAt <= now || entry.expiresAt <= now) {
      this.remove(tokenHash);
      return null;
    }
    return entry.user;
  }

  set(tokenHash: string, user: SessionUser, expiresAt: number, now: number): void {
    if (this.entries.size >= this.max) {
      // Maps keep insertion order: the oldest entry goes first.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.remove(oldest);
    }
    this.entries.set(tokenHash, { user, expiresAt, staleAt: now + this.ttlMs });
    let hashes = this.byUser.get(user.id);
    if (!hashes) this.byUser.set(user.id, (hashes = new Set()));
    hashes.add(tokenHash);
  }

  /** Forgets the sessions that ended. */
  evict({ userId, only, except }: SessionsEnded): void {
    for (const hash of [...(this.byUser.get(userId) ?? [])]) {
      if (only !== undefined && hash !== only) continue;
      if (except !== undefined && hash === except) continue;
      this.remove(hash);
    }
  }

  clear(): void {
    this.entries.clear();
    this.byUser.clear();
  }

  private remove(tokenHash: string): void {
    const entry = this.entries.get(tokenHash);
    if (!entry) return;
    this.entries.delete(tokenHash);
    const hashes = this.byUser.get(entry.user.id);
    hashes?.delete(tokenHash);
    if (hashes?.size === 0) this.byUser.delete(entry.user.id);
  }
}
