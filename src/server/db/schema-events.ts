import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { DomainEvent } from '../domain/events';
import { users } from './schema';

/**
 * The outbox: every domain event, written in the transaction of the change it describes, and
 * marked processed once its subscribers ran (services/outbox.ts). An event that keeps failing is
 * set aside after a few attempts with its last error, for an operator to look at.
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: text('type').notNull(),
    /** The player it concerns (null for a guild's event). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    payload: jsonb('payload').$type<DomainEvent>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (t) => [
    index('domain_events_pending_idx').on(t.id).where(sql`${t.processedAt} is null`),
    index('domain_events_processed_idx').on(t.processedAt).where(sql`${t.processedAt} is not null`),
  ],
);

/** A player's progress on a quest (domain/quests.ts), and when its reward was claimed. */
export const questProgress = pgTable(
  'quest_progress',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questId: text('quest_id').notNull(),
    progress: integer('progress').notNull().default(0),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.questId] })],
);
