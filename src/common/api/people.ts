import {
  notificationListSchema,
  notificationsQuery,
  readNotificationsAnswer,
  readNotificationsBody,
} from '../notifications';
import { defineRoute } from './contract';

/** Notifications (issue 25): what happened to the player, newest first, and marking them read. */
export const notificationRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/notifications',
    summary: "The player's notifications of the last 30 days, newest first, 20 a page (`cursor` from the last page's `nextCursor`), with the unread count",
    tag: 'Notifications',
    auth: 'player',
    query: notificationsQuery,
    response: notificationListSchema,
  }),
  read: defineRoute({
    method: 'POST',
    path: '/api/notifications/read',
    summary: 'Marks the named notifications (`{ids}`, the player\'s own) or all of them (`{all: true}`) read',
    tag: 'Notifications',
    auth: 'player',
    body: readNotificationsBody,
    response: readNotificationsAnswer,
  }),
};
