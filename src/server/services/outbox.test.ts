import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppContext } from '../context';
import type { Executor } from '../db/client';
import { eventsInsert, Outbox, recordedEvents, recordedNotices } from './outbox';

/** A context whose database only counts the outbox's passes (each pass is one transaction that finds nothing). */
function countingContext() {
  const passes = { count: 0 };
  const db = {
    transaction: async () => {
      passes.count += 1;
      return [];
    },
  };
  const log = { warn: () => undefined, error: () => undefined, info: () => undefined, debug: () => undefined };
  return { ctx: { db, log, clock: { now: () => new Date() } } as unknown as AppContext, passes };
}

describe('the outbox nudge', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('gathers the nudges of its window into one pass', async () => {
    const { ctx, passes } = countingContext();
    const outbox = new Outbox(ctx, [], { pollMs: 0, gatherMs: 100 });
    for (let i = 0; i < 5; i++) {
      outbox.nudge();
      await vi.advanceTimersByTimeAsync(10);
    }
    expect(passes.count).toBe(0);
    await vi.advanceTimersByTimeAsync(60);
    expect(passes.count).toBe(1);
    // A nudge after the window opens the next one.
    outbox.nudge();
    await vi.advanceTimersByTimeAsync(100);
    expect(passes.count).toBe(2);
    await outbox.close();
  });

  it('drains at once for a notice, taking the gathered nudges with it', async () => {
    const { ctx, passes } = countingContext();
    const outbox = new Outbox(ctx, [], { pollMs: 0, gatherMs: 300 });
    outbox.nudge();
    await vi.advanceTimersByTimeAsync(10);
    expect(passes.count).toBe(0);
    // A friend request committed: its player hears of it now, not at the window's end.
    outbox.nudge(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(passes.count).toBe(1);
    // The window it cut short drains nothing more.
    await vi.advanceTimersByTimeAsync(600);
    expect(passes.count).toBe(1);
    await outbox.close();
  });

  it('marks a transaction that recorded an event a player is notified of', () => {
    // eventsInsert only builds the statement: the transaction is what the marks are kept by.
    const [battle, request] = [{}, {}] as unknown as [Executor, Executor];
    eventsInsert(battle, [{ type: 'BattleWon', userId: 1, characterId: 2, kind: 'pvp', ghost: false }], new Date());
    eventsInsert(request, [{ type: 'FriendRequested', userId: 1, fromUserId: 3, fromUsername: 'neo' }], new Date());
    expect([recordedEvents(battle), recordedNotices(battle)]).toEqual([true, false]);
    expect([recordedEvents(request), recordedNotices(request)]).toEqual([true, true]);
  });

  it('drains at once without a window, and a nudge after close does nothing', async () => {
    const { ctx, passes } = countingContext();
    const outbox = new Outbox(ctx, [], { pollMs: 0 });
    outbox.nudge();
    await vi.advanceTimersByTimeAsync(0);
    expect(passes.count).toBe(1);
    await outbox.close();
    outbox.nudge();
    await vi.advanceTimersByTimeAsync(1000);
    expect(passes.count).toBe(1);
  });

  it('polls with one read and drains only when an event waits', async () => {
    const { ctx, passes } = countingContext();
    let pending = false;
    let reads = 0;
    // What executePrepared reaches: the session's named statement and the dialect's text.
    Object.assign(ctx.db, {
      dialect: { sqlToQuery: () => ({ sql: 'select exists (…)', params: [] }) },
      session: {
        prepareQuery: (_query: unknown, _fields: unknown, name: string) => ({
          execute: async () => {
            expect(name).toBe('outbox_any_pending');
            reads += 1;
            return [{ any: pending }];
          },
        }),
      },
    });
    const outbox = new Outbox(ctx, [], { pollMs: 1000 });
    outbox.start();
    await vi.advanceTimersByTimeAsync(0);
    // Starting drains once, whatever waits (events of before a restart).
    expect(passes.count).toBe(1);
    await vi.advanceTimersByTimeAsync(3000);
    expect(reads).toBe(3);
    expect(passes.count).toBe(1);
    pending = true;
    await vi.advanceTimersByTimeAsync(1000);
    expect(reads).toBe(4);
    expect(passes.count).toBe(2);
    await outbox.close();
    await vi.advanceTimersByTimeAsync(3000);
    expect(reads).toBe(4);
  });

  it('never stacks its reads while the database is slow, and close waits for the one in flight', async () => {
    const { ctx } = countingContext();
    let reads = 0;
    let answer: (rows: unknown[]) => void = () => undefined;
    Object.assign(ctx.db, {
      dialect: { sqlToQuery: () => ({ sql: 'select exists (…)', params: [] }) },
      session: {
        prepareQuery: () => ({
          execute: () => {
            reads += 1;
            return new Promise((resolve) => (answer = resolve));
          },
        }),
      },
    });
    const outbox = new Outbox(ctx, [], { pollMs: 1000 });
    outbox.start();
    await vi.advanceTimersByTimeAsync(5000);
    expect(reads).toBe(1);
    let closed = false;
    void outbox.close().then(() => (closed = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(closed).toBe(false);
    answer([{ any: false }]);
    await vi.advanceTimersByTimeAsync(0);
    expect(closed).toBe(true);
  });

  it('forgets a gathering nudge when closed', async () => {
    const { ctx, passes } = countingContext();
    const outbox = new Outbox(ctx, [], { pollMs: 0, gatherMs: 100 });
    outbox.nudge();
    await outbox.close();
    await vi.advanceTimersByTimeAsync(500);
    expect(passes.count).toBe(0);
  });
});
