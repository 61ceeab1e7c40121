import type { Config } from './config';
import type { Db } from './db/client';
import type { Bus } from './bus/bus';
import type { LoginGate } from './services/login-gate';
import type { SessionCache, SessionUser } from './services/session-cache';

export type { SessionUser };

/** What "now" is for every service; tests hand in a clock they move. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** The subset of pino/Fastify's logger the services use. */
export interface Log {
  debug(obj: unknown, msg?: string): void;
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

export const silentLog: Log = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * A player's request that may be repeated safely: the `Idempotency-Key` it carried, for whom,
 * what the request was (so a key reused for another request is refused) and the status its
 * success answers with (a replay answers the same).
 */
export interface IdempotencyRequest {
  userId: number;
  key: string;
  fingerprint: string;
  status: number;
}

/** The arena chat's announcements of notable events (services/announcer.ts). */
export interface Announcer {
  /** Queues a notable event's line. */
  announce(text: string): void;
  /** Posts what is queued now (tests, shutdown). */
  flush(): Promise<void>;
  close(): Promise<void>;
}

/** Domain events were committed: consume them soon (services/outbox.ts), at once when a player is notified of one. */
export interface OutboxHandle {
  nudge(now?: boolean): void;
}

/**
 * The one context every service receives (DESIGN §2): the database, the bus to other instances,
 * the clock, the log and the configuration. `buildApp` makes it once; services never look these
 * up themselves, and never read the system clock (tests hand in their own).
 */
export interface AppContext {
  db: Db;
  bus: Bus;
  clock: Clock;
  log: Log;
  config: Config;
  /** The arena chat's announcements of notable events (at most one message a second). */
  announcer: Announcer;
  /** Live sessions remembered in this process (services/session-cache.ts). */
  sessions: SessionCache;
  /** Where login attempts on an account at its failure ceiling wait (services/login-gate.ts). */
  logins: LoginGate;
  /** Domain events committed: consume them soon (services/outbox.ts). */
  outbox: OutboxHandle;
  /** Set only on an action that carried an Idempotency-Key; see services/transaction.ts. */
  idempotency?: IdempotencyRequest;
}
