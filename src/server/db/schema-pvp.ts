import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, real, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import type { Fighter } from '../domain/battle';
import type { Action } from '../domain/engine';
import { characters, users } from './schema';

/**
 * Players waiting for a PvP opponent (DESIGN §4, §5): the shared view every instance pairs from,
 * one row per player. Each instance keeps its own waiting players in memory besides.
 */
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
    rating: real('rating').notNull().default(1500),
    /** Joined through an arena of /arena: paired only within it. */
    arena: text('arena'),
    /** The character offered as a ghost after 20 s alone (`pvp_accept_ghost` takes it). */
    ghostCharacterId: integer('ghost_character_id').references(() => characters.id, { onDelete: 'set null' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('pvp_queue_variant_valid', sql`${t.variant} in ('queue', 'realtime')`),
    index('pvp_queue_variant_idx').on(t.variant, t.joinedAt),
    index('pvp_queue_character_idx').on(t.characterId),
  ],
);

/**
 * The instances that run PvP rooms, each alive until `aliveUntil` unless it renews it (once a
 * second): one row per instance, so keeping a thousand battles costs one update a second. The
 * battles of an instance that stopped renewing are taken over by the others.
 */
export const pvpInstances = pgTable('pvp_instances', {
  id: text('id').primaryKey(),
  aliveUntil: timestamp('alive_until', { withTimezone: true }).notNull(),
});

/**
 * PvP battles. A running battle lives in the memory of its owner instance (`owner`, a row of
 * pvp_instances); this row is its snapshot (fighters, seed, every action so far and a few figures
 * for lists), written behind the moves, and the journal beside the bus holds every action since.
 * When the owner is no longer alive another instance takes the battle and goes on from both.
 */
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
    /** Null for a ghost: an AI-driven copy of player2's character plays side 1. */
    player2UserId: integer('player2_user_id').references(() => users.id, { onDelete: 'cascade' }),
    player2CharacterId: integer('player2_character_id').references(() => characters.id, { onDelete: 'set null' }),
    ghost: boolean('ghost').notNull().default(false),
    /** A direct challenge between friends or guild mates: unrated, pays nothing (issue 25). */
    friendly: boolean('friendly').notNull().default(false),
    hp1: integer('hp1').notNull(),
    hp2: integer('hp2').notNull(),
    maxHp1: integer('max_hp1').notNull(),
    maxHp2: integer('max_hp2').notNull(),
    /** User id of the player to move (null while the ghost moves). */
    currentTurn: integer('current_turn'),
    turnCount: integer('turn_count').notNull().default(0),
    turnDeadline: timestamp('turn_deadline', { withTimezone: true }).notNull(),
    seed: integer('seed').notNull(),
    /** Both fighters as matched (stats with gear, set bonuses and skills). */
    fighter1: jsonb('fighter1').$type<Fighter>().notNull(),
    fighter2: jsonb('fighter2').$type<Fighter>().notNull(),
    /** Every action so far: with the seed and the fighters, the engine rebuilds the battle from these. */
    inputs: jsonb('inputs').$type<Action[]>().notNull().default([]),
    /** Ratings when matched (shown in the live list). */
    rating1: real('rating1').notNull().default(1500),
    rating2: real('rating2').notNull().default(1500),
    owner: text('owner'),
    winner: integer('winner'),
    reason: text('reason', { enum: ['knockout', 'time', 'forfeit', 'timeout'] }),
    replayId: bigint('replay_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    check('pvp_battles_status_valid', sql`${t.status} in ('active', 'completed')`),
    check('pvp_battles_hp_valid', sql`${t.hp1} >= 0 and ${t.hp2} >= 0`),
    index('pvp_battles_owner_idx').on(t.owner).where(sql`${t.status} = 'active'`),
    index('pvp_battles_player1_active_idx').on(t.player1UserId).where(sql`${t.status} = 'active'`),
    index('pvp_battles_player2_active_idx').on(t.player2UserId).where(sql`${t.status} = 'active'`),
    // A character in a running battle cannot be listed or bought: found through these.
    index('pvp_battles_character1_active_idx').on(t.player1CharacterId).where(sql`${t.status} = 'active'`),
    index('pvp_battles_character2_active_idx').on(t.player2CharacterId).where(sql`${t.status} = 'active'`),
  ],
);

/** The top three of each finished season keep a badge. */
export const seasonBadges = pgTable(
  'season_badges',
  {
    season: text('season').notNull(),
    rank: smallint('rank').notNull(),
    characterId: integer('character_id')
      .notNull()
      .references(() => characters.id, { onDelete: 'cascade' }),
    rating: real('rating').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.season, t.rank] }), index('season_badges_character_idx').on(t.characterId)],
);
