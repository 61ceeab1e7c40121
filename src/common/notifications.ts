import { z } from 'zod';
import { idField } from './ids';

/**
 * Notifications (issue 25): what happened to a player, stored for 30 days and pushed live on the
 * `notification` socket message. Each has a kind, a line of text and the screen it concerns.
 */

export const NOTIFICATION_KINDS = [
  'listing_sold',
  'friend_request',
  'friend_accepted',
  'challenge',
  'guild_invitation',
  'guild_battle',
  'quest_ready',
  'season_end',
  'renamed',
  'report_handled',
  'muted',
] as const;
export const notificationKindSchema = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof notificationKindSchema>;

/** How long a notification is kept. */
export const NOTIFICATION_KEEP_DAYS = 30;
/** Notifications per page of `GET /api/notifications`. */
export const NOTIFICATION_PAGE = 20;
/** Ids per `POST /api/notifications/read`. */
export const MAX_READ_IDS = 100;

export const notificationViewSchema = z
  .object({
    id: z.number().int(),
    kind: notificationKindSchema,
    text: z.string(),
    /** The screen it concerns, a path of the client ('/characters', '/friends', ...). */
    link: z.string(),
    createdAt: z.string(),
    readAt: z.string().nullable(),
  })
  .meta({ id: 'Notification' });
export type NotificationView = z.infer<typeof notificationViewSchema>;

export const notificationListSchema = z.object({
  notifications: z.array(notificationViewSchema),
  /** Unread notifications of the player in all (not only this page). */
  unread: z.number().int(),
  /** Pass as `cursor` for the next (older) page; null on the last one. */
  nextCursor: z.string().nullable(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

export const NOTIFICATION_MESSAGES = {
  cursor: 'The cursor must be one this server gave',
  ids: 'ids must be a list of 1 to 100 notification ids',
  readBody: 'Send {ids: [...]} or {all: true}',
} as const;

export const notificationsQuery = z.object({
  cursor: z
    .string()
    .regex(/^[1-9][0-9]{0,15}$/, NOTIFICATION_MESSAGES.cursor)
    .optional(),
});

export const readNotificationsBody = z
  .object({
    ids: z.array(idField(NOTIFICATION_MESSAGES.ids), { error: NOTIFICATION_MESSAGES.ids }).min(1, NOTIFICATION_MESSAGES.ids).max(MAX_READ_IDS, NOTIFICATION_MESSAGES.ids).optional(),
    all: z.literal(true, { error: NOTIFICATION_MESSAGES.readBody }).optional(),
  })
  .refine((b) => (b.ids === undefined) !== (b.all === undefined), NOTIFICATION_MESSAGES.readBody);
export type ReadNotificationsBody = z.infer<typeof readNotificationsBody>;

export const readNotificationsAnswer = z.object({
  /** How many were marked now. */
  marked: z.number().int(),
  unread: z.number().int(),
});
