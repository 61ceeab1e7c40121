import { MATCH_BATCH, matchQueue, notifyAll, type PvpClock, type Send } from '../services/pvp';
import type { Db } from '../db/client';

/** Joins admitted to the database at once per instance; the rest wait their turn in memory. */
export const JOIN_CONCURRENCY = 6;

export interface MatchRunner {
  /**
   * Runs a join with at most JOIN_CONCURRENCY others at once. A burst of joins (each about ten
   * queries) would otherwise fill the connection pool's queue, and every move, chat message
   * and page load behind it would wait for the whole burst.
   */
  admit<T>(join: () => Promise<T>): Promise<T>;
  /** Now and the turn length, for every PvP operation of this instance. */
  clock: () => PvpClock;
  /**
   * Resolves once a matching pass that started after this call has finished and its players
   * have been told. Calls made while a pass runs share the one pass that follows it.
   */
  run(): Promise<void>;
}

export interface MatchRunnerOptions {
  db: Db;
  send: Send;
  clock: () => PvpClock;
  onError: (err: unknown) => void;
}

/**
 * One matcher at a time on this instance. Every join needs a pass that sees its queue row, but
 * a burst of joins must not start a pass each: parallel passes compete for the same rows and
 * for database connections that moves are waiting for. So joins during a pass share the next
 * one. Other instances run their own; rows are claimed with SKIP LOCKED, so passes never clash.
 */
export function createMatchRunner({ db, send, clock, onError }: MatchRunnerOptions): MatchRunner {
  let current: Promise<void> | null = null;
  let next: Promise<void> | null = null;

  const pass = async () => {
    // A full batch means more may be waiting: keep going until a batch comes back short.
    for (;;) {
      const changes = await matchQueue(db, clock());
      await notifyAll(db, send, changes).catch(onError);
      if (changes.length * 2 < MATCH_BATCH - 1) return;
    }
  };
  const start = (): Promise<void> => {
    current = pass()
      .catch(onError)
      .finally(() => {
        current = null;
      });
    return current;
  };

  let admitted = 0;
  const waiting: (() => void)[] = [];
  const admit = async <T>(join: () => Promise<T>): Promise<T> => {
    if (admitted >= JOIN_CONCURRENCY) await new Promise<void>((resolve) => waiting.push(resolve));
    else admitted += 1;
    try {
      return await join();
    } finally {
      // Hand the slot straight to the next waiter, or free it.
      const next = waiting.shift();
      if (next) next();
      else admitted -= 1;
    }
  };

  return {
    admit,
    clock,
    run() {
      if (!current) return start();
      next ??= current.then(() => {
        next = null;
        return start();
      });
      return next;
    },
  };
}
