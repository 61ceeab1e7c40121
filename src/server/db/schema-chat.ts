import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './schema';

/** Arena chat (DESIGN §4): player messages and system announcements, newest read by id. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** null for system messages. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    username: text('username').notNull(),
    message: text('message').notNull(),
    type: text('type', { enum: ['player', 'system'] }).notNull().default('player'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The author's role when they wrote it: a moderator's or admin's messages carry a badge. */
    authorRole: text('author_role').$type<'moderator' | 'admin'>(),
    /** Deleted by a moderator: gone from the history, kept for reports' evidence and the audit. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    check('chat_messages_type_valid', sql`${t.type} in ('player', 'system')`),
    check('chat_messages_length', sql`char_length(${t.message}) between 1 and 500`),
    index('chat_messages_created_idx').on(t.createdAt, t.id),
    // The per-player rate limit counts a player's recent messages through this index.
    index('chat_messages_user_recent_idx').on(t.userId, t.createdAt),
  ],
);
