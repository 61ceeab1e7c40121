import { and, asc, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { AppContext, Log, OutboxHandle } from '../context';
import { executePrepared, rowsOf, uncounted, type Tx } from '../db/client';
import { domainEvents } from '../db/schema-events';
import { endPass, handledInPass, recordedEvents, type StoredEvent } from './outbox-record';

/**
 * The outbox (DESIGN §4, issue: game feel): domain events are written in the transaction of the
 * change they describe, so an event exists exactly when its change does, and subscribers consume
 * them afterwards on any instance. Claiming with SKIP LOCKED lets every instance drain at once
 * without two of them handling one event; a subscriber's work and the event's "processed" mark
 * commit together, so an event is handled once even across a kill -9.
 */


export interface Subscriber {
  name: string;
  /** Work in the batch's transaction, for each event of the batch in order. */
  handle?(tx: Tx, events: readonly StoredEvent[], ctx: AppContext): Promise<void>;
  /** Work once the batch committed (announcements): never fails the batch. */
  afterCommit?(events: readonly StoredEvent[], ctx: AppContext): Promise<void>;
}

export { eventsInsert, recordedEvents, recordedNotices, recordEvents, type StoredEvent } from './outbox-record';

/** Rounds of a subscriber's own events one pass handles (a quest finished by an event is one). */
const ROUNDS_IN_PASS = 3;

export interface OutboxOptions {
  /** Events claimed per transaction. */
  batch?: number;
  /** How often an idle instance looks for events other instances wrote (ms); 0 never. */
  pollMs?: number;
  /** Attempts before an event that keeps failing is set aside. */
  maxAttempts?: number;
  /**
   * How long a nudge waits for more commits before the drain starts (ms): the commits of that
   * stretch (e.g. PvP battles ending one after another) are handled in one pass, one transaction,
   * instead of one pass each. 0 drains at once.
   */
  gatherMs?: number;
}

/** What services see of the outbox: a hint that events were just committed. */

export class Outbox implements OutboxHandle {
  private readonly batch: number;
  private readonly pollMs: number;
  private readonly maxAttempts: number;
  private readonly gatherMs: number;
  private gathering: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  /** The poll's read in flight: a slow database never stacks them, and close waits for it. */
  private polling: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly subscribers: readonly Subscriber[],
    options: OutboxOptions = {},
  ) {
    this.batch = options.batch ?? 200;
    this.pollMs = options.pollMs ?? 1000;
    this.maxAttempts = options.maxAttempts ?? 5;
    this.gatherMs = options.gatherMs ?? 0;
  }

  private get log(): Log {
    return this.ctx.log;
  }

  /**
   * The outbox's backlog over every instance (/metrics): events waiting to be handled, the age
   * of the oldest of them in seconds (0 with none), and events set aside after `maxAttempts`.
   */
  async backlog(): Promise<{ pending: number; oldestSeconds: number; setAside: number }> {
    const [row] = rowsOf<{ pending: number; oldest: number | null; aside: number }>(
      await uncounted(() =>
        this.ctx.db.execute(sql`select count(*) filter (where attempts < ${this.maxAttempts})::int as pending,
          extract(epoch from (${this.ctx.clock.now()}::timestamptz - min(created_at) filter (where attempts < ${this.maxAttempts})))::float8 as oldest,
          count(*) filter (where attempts >= ${this.maxAttempts})::int as aside
          from ${domainEvents} where processed_at is null`),
      ),
    );
    return { pending: row?.pending ?? 0, oldestSeconds: Math.max(0, Number(row?.oldest ?? 0)), setAside: row?.aside ?? 0 };
  }

  /** Starts polling for events written elsewhere (other instances, or before a restart). */
  start(): void {
    if (this.pollMs <= 0 || this.timer) return;
    this.timer = setInterval(() => this.poll(), this.pollMs);
    this.timer.unref();
    this.nudge();
  }

  /**
   * A poll drains only when an event waits: one indexed read, where a drain that finds nothing is
   * a transaction of three round trips, every second on every instance however idle.
   */
  private poll(): void {
    if (this.closed || this.running || this.gathering || this.polling) return;
    this.polling = uncounted(() => this.anyPending())
      .then(
        (any) => {
          if (any) this.nudge();
        },
        (err: unknown) => this.log.warn({ err }, 'outbox poll failed'),
      )
      .finally(() => {
        this.polling = null;
      });
  }

  private async anyPending(): Promise<boolean> {
    const [row] = await executePrepared<{ any: boolean }>(
      this.ctx.db,
      'outbox_any_pending',
      sql`select exists (select 1 from ${domainEvents} where processed_at is null and attempts < ${this.maxAttempts}) as "any"`,
    );
    return row?.any === true;
  }

  /**
   * Drains soon (after `gatherMs`, with every nudge meanwhile), outside the request that committed
   * (its statements are not the request's). `now`: a player waits to be told of one of the events
   * (a notification), so the drain starts at once and takes the gathered nudges with it; during a
   * drain, one more pass follows it.
   */
  nudge(now = false): void {
    if (this.closed) return;
    const go = () =>
      uncounted(() => {
        this.drain().catch((err: unknown) => this.log.warn({ err }, 'outbox drain failed'));
      });
    if (this.gatherMs <= 0) return go();
    if (now) {
      if (this.gathering) clearTimeout(this.gathering);
      this.gathering = null;
      return go();
    }
    if (this.gathering) return;
    this.gathering = setTimeout(() => {
      this.gathering = null;
      go();
    }, this.gatherMs);
    this.gathering.unref();
  }

  /**
   * Handles every event committed before the call (and any written meanwhile). Concurrent calls
   * share one drain; a call during a drain runs one more pass after it.
   */
  drain(): Promise<number> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      let handled = 0;
      try {
        do {
          this.again = false;
          for (;;) {
            const { claimed, handled: n } = await this.pass();
            handled += n;
            if (claimed < this.batch) break;
          }
        } while (this.again && !this.closed);
      } finally {
        this.running = null;
      }
      return handled;
    })();
    return this.running;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (this.gathering) clearTimeout(this.gathering);
    this.gathering = null;
    await this.polling;
    await this.running?.catch(() => undefined);
  }

  /** One batch: claim (marked processed), run the subscribers, commit; then the after-commit work. */
  private async pass(): Promise<{ claimed: number; handled: number }> {
    if (this.closed) return { claimed: 0, handled: 0 };
    let claimed: StoredEvent[] = [];
    const own: StoredEvent[] = [];
    try {
      claimed = await this.ctx.db.transaction(async (tx) => {
        const rows = await this.claim(tx);
        if (rows.length > 0) {
          // Events the subscribers record (a quest they finished) are handled in this pass too,
          // stored processed; past a few rounds they wait for one more pass.
          const recorded = handledInPass(tx);
          await this.handleAll(tx, rows);
          for (let round = 1; recorded.length > 0; round += 1) {
            const next = recorded.splice(0);
            if (round >= ROUNDS_IN_PASS) endPass(tx);
            await this.handleAll(tx, next);
            own.push(...next);
          }
          endPass(tx);
          if (recordedEvents(tx)) this.again = true;
        }
        return rows;
      });
    } catch (err) {
      // One event spoiled the batch: handle them one at a time so the rest go through.
      this.log.warn({ err }, 'outbox batch failed; retrying its events one by one');
      const handled = await this.oneByOne();
      return { claimed: handled, handled };
    }
    await this.afterCommit([...claimed, ...own]);
    return { claimed: claimed.length, handled: claimed.length + own.length };
  }

  /**
   * Claims the oldest pending events and marks them processed, in one statement: the mark commits
   * with the subscribers' work or rolls back with it, so marking at the claim is marking after the
   * work, without locking each row first and writing it again after.
   */
  private async claim(tx: Tx, limit = this.batch): Promise<StoredEvent[]> {
    const pending = tx
      .select({ id: domainEvents.id })
      .from(domainEvents)
      .where(and(isNull(domainEvents.processedAt), lt(domainEvents.attempts, this.maxAttempts)))
      .orderBy(asc(domainEvents.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    const rows = await tx
      .update(domainEvents)
      .set({ processedAt: this.ctx.clock.now() })
      .where(inArray(domainEvents.id, pending))
      .returning({ id: domainEvents.id, createdAt: domainEvents.createdAt, payload: domainEvents.payload })
      .prepare('outbox_claim')
      .execute();
    // In the order they were recorded, as the subscribers handle them (RETURNING keeps none).
    return rows.sort((a, b) => a.id - b.id).map((r) => ({ id: r.id, at: r.createdAt, event: r.payload }));
  }

  private async handleAll(tx: Tx, events: readonly StoredEvent[]): Promise<void> {
    for (const s of this.subscribers) if (s.handle) await s.handle(tx, events, this.ctx);
  }

  private async afterCommit(events: readonly StoredEvent[]): Promise<void> {
    if (events.length === 0) return;
    for (const s of this.subscribers) {
      if (!s.afterCommit) continue;
      try {
        await s.afterCommit(events, this.ctx);
      } catch (err) {
        this.log.warn({ err, subscriber: s.name }, 'outbox after-commit work failed');
      }
    }
  }

  /** Each pending event in a transaction of its own; a failure counts an attempt and keeps its error. */
  private async oneByOne(): Promise<number> {
    let handled = 0;
    for (;;) {
      if (this.closed) return handled;
      let failed: { id: number; error: string } | null = null;
      let done: StoredEvent[] = [];
      try {
        done = await this.ctx.db.transaction(async (tx) => {
          const [row] = await this.claim(tx, 1);
          if (!row) return [];
          try {
            await tx.transaction(async (inner) => this.handleAll(inner, [row]));
          } catch (err) {
            failed = { id: row.id, error: err instanceof Error ? err.message : String(err) };
            // Claimed as processed: pending again, with one attempt more.
            await tx
              .update(domainEvents)
              .set({ processedAt: null, attempts: sql`${domainEvents.attempts} + 1`, lastError: failed.error.slice(0, 500) })
              .where(inArray(domainEvents.id, [row.id]));
            return [];
          }
          return [row];
        });
      } catch (err) {
        this.log.warn({ err }, 'outbox event failed');
        return handled;
      }
      if (failed) {
        // Tried again at once until it runs out of attempts, then set aside: the rest go on.
        const { id, error } = failed as { id: number; error: string };
        this.log.warn({ event: id, error }, 'outbox event failed');
        continue;
      }
      if (done.length === 0) return handled;
      handled += 1;
      await this.afterCommit(done);
    }
  }
}

/** Forgets processed events older than `keepMs` (default a week); run hourly. */
export async function purgeProcessedEvents(ctx: AppContext, keepMs = 7 * 24 * 60 * 60 * 1000): Promise<void> {
  const before = new Date(ctx.clock.now().getTime() - keepMs);
  await ctx.db.delete(domainEvents).where(and(isNotNull(domainEvents.processedAt), lt(domainEvents.processedAt, before)));
}
