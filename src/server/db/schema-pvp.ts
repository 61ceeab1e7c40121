import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { PvpLogEntry } from '@common/pvp';
import type { Fighter } from '../domain/battle';
import { characters, users } from './schema';

/** Players waiting for a PvP opponent (DESIGN §4, §5): one row per player, matched by any instance. */
export const pvpQueue = pgTable(
  'pvp_queue',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    characterId: integer('character_id')
      .notNull()
      .references(() => characters.id, { onDelete: 'cascade' }),
    variant: text('variant', { enum: ['queue', 'realtime'] }).notNull(),
    level: integer('level').notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('pvp_queue_variant_valid', sql`${t.variant} in ('queue', 'realtime')`), index('pvp_queue_variant_idx').on(t.variant, t.joinedAt)],
);

/** PvP battles; the state of a running battle, swept by whichever instance runs (turn timer). */
export const pvpBattles = pgTable(
  'pvp_battles',
  {
    id: serial('id').primaryKey(),
    variant: text('variant', { enum: ['queue', 'realtime'] }).notNull(),
    status: text('status', { enum: ['active', 'completed'] }).notNull().default('active'),
    player1UserId: integer('player1_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    player1CharacterId: integer('player1_character_id')
      .notNull()
      .references(() => characters.id, { onDelete: 'cascade' }),
    player2UserId: integer('player2_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    player2CharacterId: integer('player2_character_id')
      .notNull()
      .references(() => characters.id, { onDelete: 'cascade' }),
    hp1: integer('hp1').notNull(),
    hp2: integer('hp2').notNull(),
    maxHp1: integer('max_hp1').notNull(),
    maxHp2: integer('max_hp2').notNull(),
    currentTurn: integer('current_turn').notNull(),
    turnCount: integer('turn_count').notNull().default(0),
    turnDeadline: timestamp('turn_deadline', { withTimezone: true }).notNull(),
    defending1: boolean('defending1').notNull().default(false),
    defending2: boolean('defending2').notNull().default(false),
    specialCooldown1: integer('special_cooldown1').notNull().default(0),
    specialCooldown2: integer('special_cooldown2').notNull().default(0),
    seed: integer('seed').notNull(),
    /**
     * Both fighters as matched (stats with gear, set bonuses and skills): a move replays the
     * engine on these instead of rebuilding them from five tables. Null on battles from before.
     */
    fighter1: jsonb('fighter1').$type<Fighter>(),
    fighter2: jsonb('fighter2').$type<Fighter>(),
    log: jsonb('log').$type<PvpLogEntry[]>().notNull().default([]),
    winner: integer('winner'),
    reason: text('reason', { enum: ['knockout', 'forfeit', 'timeout'] }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    check('pvp_battles_status_valid', sql`${t.status} in ('active', 'completed')`),
    check('pvp_battles_hp_valid', sql`${t.hp1} >= 0 and ${t.hp2} >= 0`),
    index('pvp_battles_deadline_idx').on(t.status, t.turnDeadline),
    index('pvp_battles_player1_active_idx').on(t.player1UserId).where(sql`${t.status} = 'active'`),
    index('pvp_battles_player2_active_idx').on(t.player2UserId).where(sql`${t.status} = 'active'`),
  ],
);
