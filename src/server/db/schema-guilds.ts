import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { GuildDuelView } from '@common/guilds';
import { users } from './schema';

/**
 * Guilds (DESIGN §4): one guild per player, a treasury of guild credits. A guild whose last
 * member leaves is archived (`disbanded_at`), never deleted, so its treasury and treasury log
 * stay on record; names are unique among active guilds only.
 */
export const guilds = pgTable(
  'guilds',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    guildAvatar: text('guild_avatar').notNull(),
    isPrivate: boolean('is_private').notNull().default(false),
    maxMembers: integer('max_members').notNull().default(20),
    experience: integer('experience').notNull().default(0),
    /** Guild credits: donations and battle rewards. Not user credits (see docs/decisions.md). */
    treasury: integer('treasury').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when the last member left: the directory, joins, invitations and battles ignore the guild. */
    disbandedAt: timestamp('disbanded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('guilds_name_lower_idx').on(sql`lower(${t.name})`).where(sql`${t.disbandedAt} is null`),
    check('guilds_treasury_non_negative', sql`${t.treasury} >= 0`),
    check('guilds_max_members_range', sql`${t.maxMembers} between 2 and 20`),
  ],
);

export const guildMembers = pgTable(
  'guild_members',
  {
    id: serial('id').primaryKey(),
    guildId: integer('guild_id')
      .notNull()
      .references(() => guilds.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['leader', 'officer', 'member'] }).notNull().default('member'),
    contributionPoints: integer('contribution_points').notNull().default(0),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One guild per player, however many joins race.
    uniqueIndex('guild_members_user_idx').on(t.userId),
    index('guild_members_guild_idx').on(t.guildId, t.joinedAt),
    check('guild_members_role_valid', sql`${t.role} in ('leader', 'officer', 'member')`),
  ],
);

/** A pending invitation of a player to a guild; accepting or declining removes it. */
export const guildInvitations = pgTable(
  'guild_invitations',
  {
    id: serial('id').primaryKey(),
    guildId: integer('guild_id')
      .notNull()
      .references(() => guilds.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('guild_invitations_pair_idx').on(t.guildId, t.userId), index('guild_invitations_user_idx').on(t.userId)],
);

/**
 * Guild battles: pending → active → completed, or cancelled. The guild names are kept on the
 * row, so the history reads the same after a guild disbands (its id then names the archived guild).
 */
export const guildBattles = pgTable(
  'guild_battles',
  {
    id: serial('id').primaryKey(),
    challengerGuildId: integer('challenger_guild_id').references(() => guilds.id, { onDelete: 'set null' }),
    defenderGuildId: integer('defender_guild_id').references(() => guilds.id, { onDelete: 'set null' }),
    challengerName: text('challenger_name').notNull(),
    defenderName: text('defender_name').notNull(),
    status: text('status', { enum: ['pending', 'active', 'completed', 'cancelled'] }).notNull().default('pending'),
    battleType: text('battle_type').notNull().default('team'),
    maxParticipants: integer('max_participants').notNull().default(5),
    winnerId: integer('winner_id'),
    reward: integer('reward').notNull().default(0),
    seed: integer('seed'),
    duels: jsonb('duels').$type<GuildDuelView[]>().notNull().default([]),
    challengedBy: integer('challenged_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    check('guild_battles_status_valid', sql`${t.status} in ('pending', 'active', 'completed', 'cancelled')`),
    check('guild_battles_participants_range', sql`${t.maxParticipants} between 1 and 10`),
    index('guild_battles_challenger_idx').on(t.challengerGuildId, t.createdAt),
    index('guild_battles_defender_idx').on(t.defenderGuildId, t.createdAt),
  ],
);

/** Every change of a guild's treasury, written in the same transaction as the change. */
export const guildTreasuryLog = pgTable(
  'guild_treasury_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    // A guild with treasury history cannot be deleted: the log is the record of its credits.
    guildId: integer('guild_id')
      .notNull()
      .references(() => guilds.id, { onDelete: 'restrict' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    delta: integer('delta').notNull(),
    reason: text('reason', { enum: ['donation', 'battle_reward'] }).notNull(),
    reference: text('reference'),
    balanceAfter: integer('balance_after').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('guild_treasury_log_guild_idx').on(t.guildId, t.createdAt)],
);
