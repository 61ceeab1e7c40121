import { loadConfig } from '../../src/server/config';
import { silentLog, systemClock, type AppContext, type Clock } from '../../src/server/context';
import type { Db } from '../../src/server/db/client';
import { createMemoryBus } from '../../src/server/bus/bus';
import { createAnnouncer } from '../../src/server/services/announcer';
import { postSystemMessage } from '../../src/server/services/chat';
import { SUBSCRIBERS } from '../../src/server/services/event-subscribers';
import { LoginGate } from '../../src/server/services/login-gate';
import { Outbox } from '../../src/server/services/outbox';
import { SessionCache } from '../../src/server/services/session-cache';

/** A clock stopped at `when` (a Date or epoch milliseconds). */
export function clockAt(when: Date | number): Clock {
  const at = new Date(when);
  return { now: () => new Date(at) };
}

/**
 * The services' context for tests that call services directly on a database of their own: an
 * in-process bus, no logging, the default configuration (no registration limit).
 */
export function serviceContext(db: Db, overrides: Partial<AppContext> = {}): AppContext {
  const ctx = {
    db,
    bus: createMemoryBus({ log: silentLog }),
    clock: systemClock,
    log: silentLog,
    config: loadConfig({ LOG_LEVEL: 'silent', REGISTRATION_LIMIT: '0', LEADERBOARD_CACHE_MS: '0' }),
    ...overrides,
  } as AppContext;
  ctx.announcer ??= createAnnouncer((text) => postSystemMessage(ctx, text), { log: silentLog, clock: ctx.clock });
  ctx.sessions ??= new SessionCache();
  ctx.logins ??= new LoginGate();
  ctx.outbox ??= new Outbox(ctx, SUBSCRIBERS, { pollMs: 0 });
  return ctx;
}

/** Handles every domain event recorded so far (quests, guild experience, standings, announcements). */
export function drainEvents(ctx: AppContext): Promise<number> {
  if (!(ctx.outbox instanceof Outbox)) throw new Error('drainEvents needs the outbox of serviceContext');
  return ctx.outbox.drain();
}

/** A clock that tests move forward by hand (`advance`), starting at the system's now. */
export function movableClock(start = Date.now()): Clock & { advance(ms: number): void; set(when: number): void } {
  let now = start;
  return {
    now: () => new Date(now),
    advance(ms) {
      now += ms;
    },
    set(when) {
      now = when;
    },
  };
}

/** An app's context with its clock set to `when`, e.g. to sweep PvP battles "later". */
export function contextAt(ctx: AppContext, when: Date | number): AppContext {
  return { ...ctx, clock: clockAt(when) };
}
