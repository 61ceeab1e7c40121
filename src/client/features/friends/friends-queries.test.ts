import { describe, expect, it } from 'vitest';
import { NOTIFICATION_KINDS, type NotificationView } from '@common/notifications';
import { changesFriends } from './friends-queries';

const note = (kind: NotificationView['kind']) =>
  ({ type: 'notification', notification: { id: 1, kind, text: 'x', link: '/friends', createdAt: '2026-11-29T00:00:00.000Z', read: false } }) as const;

describe('the friends lists read again at once', () => {
  it('when a friend request arrives, one of the player’s is accepted, declined or withdrawn, or a friendship ends; for nothing else', () => {
    const changing = NOTIFICATION_KINDS.filter((kind) => changesFriends(note(kind) as never));
    expect(changing).toEqual(['friend_request', 'friend_accepted']);
    expect(changesFriends({ type: 'friends_changed' })).toBe(true);
    expect(changesFriends({ type: 'queue_left' })).toBe(false);
  });
});
