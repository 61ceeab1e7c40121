import { and, desc, eq, inArray, isNull, lt, or, gt, sql, type SQL } from 'drizzle-orm';
import { NOTIFICATION_KEEP_DAYS, NOTIFICATION_PAGE, type NotificationList, type NotificationView, type ReadNotificationsBody } from '@common/notifications';
import type { ServerMessage } from '@common/ws-messages';
import type { AppContext } from '../context';
import { userChannel, type UserEvent } from '../bus/channels';
import { executePrepared, rowsOf, type Executor, type Tx } from '../db/client';
import { housekeeping, notifications } from '../db/schema-social';
import type { NotificationDraft } from '../domain/notifications';

/**
 * Notifications (issue 25): stored per player, read a page at a time, marked read, pushed live
 * to the player's sockets on every instance (the bus's user channel), and forgotten after 30
 * days by a daily clean-up that one instance at a time runs.
 */

type Row = typeof notifications.$inferSelect;

export function notificationView(row: Pick<Row, 'id' | 'kind' | 'text' | 'link' | 'createdAt' | 'readAt'>): NotificationView {
  return { id: row.id, kind: row.kind, text: row.text, link: row.link, createdAt: row.createdAt.toISOString(), readAt: row.readAt?.toISOString() ?? null };
}

/** Not yet past its end (a challenge's notification is gone once the challenge is). */
const current = (now: Date): SQL => or(isNull(notifications.expiresAt), gt(notifications.expiresAt, now))!;

/**
 * Writes notifications in the caller's transaction and answers them with their user, in the
 * drafts' order. One prepared statement with the rows as one JSON parameter: the ends of a few
 * battles write a hundred at once, and building them as a VALUES list was the query builder's
 * largest cost in a profile of the PvP move phase.
 */
export async function storeNotifications(tx: Executor, drafts: readonly NotificationDraft[], now: Date): Promise<{ userId: number; view: NotificationView }[]> {
  if (drafts.length === 0) return [];
  const rows = drafts.map((d) => ({ user_id: d.userId, kind: d.kind, text: d.text, link: d.link, expires_at: d.expiresAt?.toISOString() ?? null }));
  const ids = await executePrepared<{ id: number | string }>(
    tx,
    'notifications_store',
    sql`insert into ${notifications} (user_id, kind, text, link, created_at, expires_at)
      select n.user_id, n.kind, n.text, n.link, ${now}::timestamptz, n.expires_at
      from json_to_recordset(${JSON.stringify(rows)}::json) as n(user_id int, kind text, text text, link text, expires_at timestamptz)
      returning id`,
  );
  if (ids.length !== drafts.length) throw new Error(`notifications: ${drafts.length} written, ${ids.length} answered`);
  // The rows are inserted in the array's order, and each takes the next id of the sequence.
  const ascending = ids.map((r) => Number(r.id)).sort((a, b) => a - b);
  return drafts.map((d, i) => ({
    userId: d.userId,
    view: notificationView({ id: ascending[i]!, kind: d.kind, text: d.text, link: d.link, createdAt: now, readAt: null }),
  }));
}

/** Sends a message to the player's open pages, on whichever instance they are; a failure only logs (their polls catch up). */
export async function tellPlayer(ctx: AppContext, userId: number, message: ServerMessage): Promise<void> {
  await ctx.bus.publish(userChannel(userId), { kind: 'send', message } satisfies UserEvent).catch((err: unknown) => ctx.log.warn({ err: String(err), userId, type: message.type }, 'could not tell a player'));
}

/** Sends stored notifications to their players' sockets, wherever they are; a failure only logs. */
export async function pushNotifications(ctx: AppContext, stored: readonly { userId: number; view: NotificationView }[]): Promise<void> {
  await Promise.all(stored.map(({ userId, view }) => tellPlayer(ctx, userId, { type: 'notification', notification: view })));
}

async function unreadOf(db: Executor, userId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), current(now)));
  return row?.n ?? 0;
}

/** `GET /api/notifications`: newest first, a page at a time (the cursor is the last id seen). */
export async function listNotifications({ db, clock }: AppContext, userId: number, cursor?: string): Promise<NotificationList> {
  const now = clock.now();
  const rows = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), current(now), cursor ? lt(notifications.id, Number(cursor)) : undefined))
    .orderBy(desc(notifications.id))
    .limit(NOTIFICATION_PAGE + 1);
  const page = rows.slice(0, NOTIFICATION_PAGE);
  return {
    notifications: page.map(notificationView),
    unread: await unreadOf(db, userId, now),
    nextCursor: rows.length > NOTIFICATION_PAGE ? String(page[page.length - 1]!.id) : null,
  };
}

/** `POST /api/notifications/read`: the named ones (the player's own; others' ids change nothing), or all. */
export async function markRead({ db, clock }: AppContext, userId: number, body: ReadNotificationsBody): Promise<{ marked: number; unread: number }> {
  const now = clock.now();
  const marked = await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), body.ids ? inArray(notifications.id, body.ids) : undefined))
    .returning({ id: notifications.id });
  return { marked: marked.length, unread: await unreadOf(db, userId, now) };
}

const CLEANUP_JOB = 'notifications-cleanup';
const CLEANUP_LOCK = 4_204_125;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes notifications older than 30 days, once a day over all instances: called hourly by
 * each, it does the work only when it holds the job's lock (another instance at it skips) and
 * the job last ran a day ago or more. Answers how many it deleted, or null when it was not its turn.
 */
export async function cleanUpNotifications({ db, clock }: AppContext): Promise<number | null> {
  const now = clock.now();
  return db.transaction(async (tx: Tx) => {
    const [lock] = rowsOf<{ got: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(${CLEANUP_LOCK}) as got`));
    if (!lock?.got) return null;
    const [last] = await tx.select().from(housekeeping).where(eq(housekeeping.job, CLEANUP_JOB));
    if (last && now.getTime() - last.lastRunAt.getTime() < DAY_MS) return null;
    const before = new Date(now.getTime() - NOTIFICATION_KEEP_DAYS * DAY_MS);
    const gone = await tx.delete(notifications).where(lt(notifications.createdAt, before)).returning({ id: notifications.id });
    await tx
      .insert(housekeeping)
      .values({ job: CLEANUP_JOB, lastRunAt: now })
      .onConflictDoUpdate({ target: housekeeping.job, set: { lastRunAt: now } });
    return gone.length;
  });
}
