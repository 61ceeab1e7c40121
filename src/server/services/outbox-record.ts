import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Executor } from '../db/client';
import { domainEvents } from '../db/schema-events';
import { eventUserId, type DomainEvent } from '../domain/events';
import { notifies } from '../domain/notifications';

/**
 * Recording domain events in the transaction of their change (services/outbox.ts). In a
 * transaction of an outbox pass (a subscriber's own events, e.g. a quest it finished), they are
 * stored already processed and handed to the pass, which runs the subscribers on them before it
 * commits: handled exactly once as any event, without a second pass to claim them and mark them
 * again.
 */

/** An event as stored: its id and when it happened (dailies count on that day, not on the day it is read). */
export interface StoredEvent {
  id: number;
  at: Date;
  event: DomainEvent;
}

const withEvents = new WeakSet<object>();
/** Transactions that recorded an event some player is notified of. */
const withNotices = new WeakSet<object>();
const inPass = new WeakMap<object, StoredEvent[]>();

/** Writes the events in the caller's transaction (one statement); `transact` nudges the outbox after commit. */
export async function recordEvents(tx: Executor, events: readonly DomainEvent[], now: Date): Promise<void> {
  if (events.length === 0) return;
  const pass = inPass.get(tx);
  if (!pass) {
    await tx.execute(eventsInsert(tx, events, now));
    return;
  }
  const ids = rowsOf<{ id: number }>(await tx.execute(sql`${insertOf(events, now, now)} returning id`));
  // Answered in the order inserted, which is the order of the JSON array.
  ids.forEach((row, i) => pass.push({ id: Number(row.id), at: now, event: events[i]! }));
}

/**
 * The same insert as SQL, for a statement that does more in one round trip (a data-modifying
 * CTE): `with ..., events as (${eventsInsert(tx, events, now)}) ...`. Marks the transaction so
 * `transact` nudges the outbox after commit.
 */
export function eventsInsert(tx: Executor, events: readonly DomainEvent[], now: Date): SQL {
  if (events.length === 0) throw new Error('eventsInsert needs at least one event');
  withEvents.add(tx);
  if (events.some((e) => notifies(e))) withNotices.add(tx);
  return insertOf(events, now, null);
}

function insertOf(events: readonly DomainEvent[], now: Date, processedAt: Date | null): SQL {
  // One JSON parameter for all of them: the statement costs the same to build for one event or fifty.
  const rows = events.map((e) => ({ type: e.type, user_id: eventUserId(e), payload: e }));
  return sql`insert into ${domainEvents} (type, user_id, payload, created_at, processed_at)
    select e.type, e.user_id, e.payload, ${now}::timestamptz, ${processedAt}::timestamptz from json_to_recordset(${JSON.stringify(rows)}::json) as e(type text, user_id int, payload jsonb)`;
}

/** Whether `recordEvents` wrote into this transaction events that still wait for a pass. */
export function recordedEvents(tx: object): boolean {
  return withEvents.has(tx);
}

/** Whether among them is one a player is notified of (the outbox drains for it at once). */
export function recordedNotices(tx: object): boolean {
  return withNotices.has(tx);
}

/** From now on, events recorded in `tx` (an outbox pass's) are handled by that pass: they gather here. */
export function handledInPass(tx: object): StoredEvent[] {
  const gathered: StoredEvent[] = [];
  inPass.set(tx, gathered);
  return gathered;
}

/** Events recorded in `tx` from now on wait for a pass of their own again. */
export function endPass(tx: object): void {
  inPass.delete(tx);
}
