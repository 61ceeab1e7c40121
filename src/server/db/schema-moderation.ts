import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ReportEvidence, ReportKind, ReportReason, ReportStatus } from '@common/moderation';
import { users } from './schema';

/** Blocks, reports, the moderators' audit log and recovery codes (docs/decisions.md 'Moderation'). */

/** `blockerId` no longer sees `blockedId` in chat, and the two never meet (queue, invitations...). */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: integer('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: integer('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index('blocks_blocked_idx').on(t.blockedId)],
);

/** A player's report with the evidence as it was when it was made. */
export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ReportKind>().notNull(),
    targetId: integer('target_id').notNull(),
    /** The player the report is about (the author, the owner, the leader, the seller). */
    targetUserId: integer('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').$type<ReportReason>().notNull(),
    note: text('note'),
    evidence: jsonb('evidence').$type<ReportEvidence>().notNull(),
    status: text('status').$type<ReportStatus>().notNull().default('open'),
    handledBy: integer('handled_by').references(() => users.id, { onDelete: 'set null' }),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('reports_kind_valid', sql`${t.kind} in ('player', 'chat', 'battle', 'guild', 'listing')`),
    check('reports_status_valid', sql`${t.status} in ('open', 'resolved', 'dismissed')`),
    uniqueIndex('reports_one_open_idx').on(t.reporterId, t.kind, t.targetId).where(sql`${t.status} = 'open'`),
    index('reports_reporter_recent_idx').on(t.reporterId, t.createdAt),
    index('reports_status_idx').on(t.status, t.id),
    index('reports_target_user_idx').on(t.targetUserId, t.id),
  ],
);

/**
 * Every moderator action, append-only: a trigger (migration 0017) refuses updates and deletes.
 * The actor is kept by id and name, with no foreign key, so no later change touches a row.
 */
export const modAudit = pgTable(
  'mod_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: integer('actor_id').notNull(),
    actorName: text('actor_name').notNull(),
    action: text('action').notNull(),
    /** What was acted on, e.g. `user:12`, `chat:345`. */
    target: text('target').notNull(),
    /** The player the action was about, for their record (previous actions). */
    targetUserId: integer('target_user_id'),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mod_audit_target_user_idx').on(t.targetUserId, t.id)],
);

/** One-time recovery codes, stored hashed; a new set replaces the old one. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);
