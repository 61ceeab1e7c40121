import { describe, expect, it } from 'vitest';
import type { NotificationView } from '@common/notifications';
import { ageText, unreadBadge, withArrival, withArrivals, withRead } from './notification-rules';

const n = (id: number, readAt: string | null = null): NotificationView => ({ id, kind: 'listing_sold', text: `n${id}`, link: '/characters', createdAt: '2026-11-25T10:00:00.000Z', readAt });

describe('the bell', () => {
  it('puts an arrival first, once, and counts it unread', () => {
    const list = { notifications: [n(1)], unread: 1, nextCursor: null };
    const after = withArrival(list, n(2));
    expect(after.notifications.map((x) => x.id)).toEqual([2, 1]);
    expect(after.unread).toBe(2);
    expect(withArrival(after, n(2))).toBe(after);
    expect(withArrival(undefined, n(3))).toEqual({ notifications: [n(3)], unread: 1, nextCursor: null });
  });

  it('takes into a page just read what was pushed while it was read, once, newest first', () => {
    // The server read the page before 5 and 6 were stored; 4 was in it already.
    const page = { notifications: [n(4), n(2)], unread: 2, nextCursor: '2' };
    const merged = withArrivals(page, [n(5), n(4), n(6, 'read elsewhere')]);
    expect(merged.notifications.map((x) => x.id)).toEqual([6, 5, 4, 2]);
    expect(merged).toMatchObject({ unread: 3, nextCursor: '2' });
    expect(withArrivals(page, [n(4)])).toBe(page);
    expect(withArrivals(page, [])).toBe(page);
  });

  it('marks the named ones or all read and takes the count the server gave', () => {
    const list = { notifications: [n(3), n(2), n(1, 'earlier')], unread: 2, nextCursor: null };
    expect(withRead(list, [2], 'now', 1)!.notifications.map((x) => x.readAt)).toEqual([null, 'now', 'earlier']);
    expect(withRead(list, 'all', 'now', 0)).toMatchObject({ unread: 0, notifications: [{ readAt: 'now' }, { readAt: 'now' }, { readAt: 'earlier' }] });
  });

  it('says how old a notification is, and caps the badge', () => {
    const at = Date.parse('2026-11-25T10:00:00.000Z');
    expect(ageText('2026-11-25T10:00:00.000Z', at + 30_000)).toBe('just now');
    expect(ageText('2026-11-25T10:00:00.000Z', at + 5 * 60_000)).toBe('5 min ago');
    expect(ageText('2026-11-25T10:00:00.000Z', at + 3 * 3600_000)).toBe('3 h ago');
    expect(ageText('2026-11-25T10:00:00.000Z', at + 2 * 86_400_000)).toBe('2 d ago');
    expect(unreadBadge(0)).toBeNull();
    expect(unreadBadge(7)).toBe('7');
    expect(unreadBadge(120)).toBe('99+');
  });
});
