import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { NotificationKind } from '@common/notifications';
import { characters, users } from './schema';

/**
 * What happened to a player while they looked elsewhere (issue 25): written by the outbox's
 * notification subscriber from domain events, pushed live over the bus, kept 30 days.
 * `expires_at` is set on those that stop meaning anything (a challenge after its 60 s).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    text: text('text').notNull(),
    link: text('link').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id),
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
    index('notifications_created_idx').on(t.createdAt),
  ],
);

/** When a periodic job last ran (the daily notification clean-up), so one instance a day does it. */
export const housekeeping = pgTable('housekeeping', {
  job: text('job').primaryKey(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }).notNull(),
});

/** A friend request from one player to another, until it is accepted or declined. */
export const friendRequests = pgTable(
  'friend_requests',
  {
    id: serial('id').primaryKey(),
    fromUserId: integer('from_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toUserId: integer('to_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('friend_requests_pair_idx').on(t.fromUserId, t.toUserId),
    index('friend_requests_to_idx').on(t.toUserId),
    check('friend_requests_not_self', sql`${t.fromUserId} <> ${t.toUserId}`),
  ],
);

/** A friendship, stored once in each direction so a player's friends are one index range. */
export const friendships = pgTable(
  'friendships',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    friendId: integer('friend_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.friendId] }), check('friendships_not_self', sql`${t.userId} <> ${t.friendId}`)],
);

/** Social actions a player took, for the hourly limits (friend requests, challenges); kept an hour. */
export const socialActions = pgTable(
  'social_actions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'friend_request' | 'challenge'>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('social_actions_user_idx').on(t.userId, t.kind, t.createdAt)],
);

/**
 * A direct challenge to a real-time duel (issue 25): pending for 60 s, then accepted (with its
 * battle), declined or expired. One pending challenge per pair of players.
 */
export const pvpChallenges = pgTable(
  'pvp_challenges',
  {
    id: serial('id').primaryKey(),
    challengerId: integer('challenger_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    challengerCharacterId: integer('challenger_character_id')
      .notNull()
      .references(() => characters.id, { onDelete: 'cascade' }),
    challengedId: integer('challenged_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'accepted', 'declined', 'expired'] })
      .notNull()
      .default('pending'),
    battleId: integer('battle_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('pvp_challenges_pending_pair_idx')
      .on(sql`least(${t.challengerId}, ${t.challengedId})`, sql`greatest(${t.challengerId}, ${t.challengedId})`)
      .where(sql`${t.status} = 'pending'`),
    index('pvp_challenges_pending_expiry_idx').on(t.expiresAt).where(sql`${t.status} = 'pending'`),
    index('pvp_challenges_challenged_idx').on(t.challengedId),
  ],
);
