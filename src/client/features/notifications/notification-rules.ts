import type { NotificationList, NotificationView } from '@common/notifications';

/** How the bell folds what arrives (pure, tested beside it). */

/** A notification pushed live joins the first page (once) and counts as unread. */
export function withArrival(list: NotificationList | undefined, arrived: NotificationView): NotificationList {
  if (!list) return { notifications: [arrived], unread: arrived.readAt ? 0 : 1, nextCursor: null };
  if (list.notifications.some((n) => n.id === arrived.id)) return list;
  return { ...list, notifications: [arrived, ...list.notifications], unread: list.unread + (arrived.readAt ? 0 : 1) };
}

/**
 * A first page just read, with the notifications pushed live while it was being read: one stored
 * after the server read the page would otherwise be lost when the page replaces what the bell
 * held (the push came first, the older answer after it). Those it lacks join it, newest first.
 */
export function withArrivals(page: NotificationList, arrivals: readonly NotificationView[]): NotificationList {
  const missing = arrivals.filter((a) => !page.notifications.some((n) => n.id === a.id));
  if (missing.length === 0) return page;
  const unread = missing.filter((a) => a.readAt === null).length;
  return { ...page, notifications: [...missing, ...page.notifications].sort((a, b) => b.id - a.id), unread: page.unread + unread };
}

/** After marking read: the named ones (or all) carry `at`, and the count is the server's. */
export function withRead(list: NotificationList | undefined, ids: readonly number[] | 'all', at: string, unread: number): NotificationList | undefined {
  if (!list) return list;
  const read = (n: NotificationView) => n.readAt === null && (ids === 'all' || ids.includes(n.id));
  return { ...list, unread, notifications: list.notifications.map((n) => (read(n) ? { ...n, readAt: at } : n)) };
}

/** '3 min ago', '2 h ago', '5 d ago', 'just now'. */
export function ageText(createdAt: string, now: number): string {
  const seconds = Math.max(0, Math.floor((now - Date.parse(createdAt)) / 1000));
  if (seconds < 60) return 'just now';
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} h ago`;
  return `${Math.floor(seconds / 86_400)} d ago`;
}

/** The badge's text: up to 99, then '99+'. */
export function unreadBadge(unread: number): string | null {
  if (unread <= 0) return null;
  return unread > 99 ? '99+' : String(unread);
}
