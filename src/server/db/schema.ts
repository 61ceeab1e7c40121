import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ClassId, Stats } from '@common/characters';
import type { Threat } from '@common/game-api';

/** Tables of SPEC §3 that accounts need. Later areas add tables here and a migration beside them. */

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    credits: integer('credits').notNull().default(0),
    /** Level of the player's best character (0 without one) and wins of all of them: kept by
     * the services whenever a character changes, so the leaderboard reads one index. */
    bestLevel: integer('best_level').notNull().default(0),
    totalWins: integer('total_wins').notNull().default(0),
    leaderboardScore: integer('leaderboard_score')
      .notNull()
      .generatedAlwaysAs(sql`best_level * 100 + total_wins * 10`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** player, moderator or admin (docs/decisions.md 'Moderation'). */
    role: text('role').$type<'player' | 'moderator' | 'admin'>().notNull().default('player'),
    /** Chat is refused until then. */
    mutedUntil: timestamp('muted_until', { withTimezone: true }),
    /** Suspended since (null: not suspended), until `suspendedUntil` (null: for good). */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    suspendedUntil: timestamp('suspended_until', { withTimezone: true }),
  },
  (t) => [
    check('users_role_valid', sql`${t.role} in ('player', 'moderator', 'admin')`),
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    check('users_credits_non_negative', sql`${t.credits} >= 0`),
    index('users_leaderboard_idx').on(t.leaderboardScore.desc().nullsFirst(), t.id).where(sql`${t.bestLevel} > 0`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie token, hex: a stolen table gives no usable cookie. */
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/** Every change of a user's credits, written in the same transaction as the change. */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    reason: text('reason').notNull(),
    reference: text('reference'),
    balanceAfter: integer('balance_after').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('credit_ledger_user_idx').on(t.userId, t.createdAt),
    check('credit_ledger_balance_non_negative', sql`${t.balanceAfter} >= 0`),
  ],
);

/**
 * Failed logins per account name (lower case) and client address, for throttling (DESIGN §4);
 * kept for the window only. The address that keeps failing is refused, the owner elsewhere not.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    usernameKey: text('username_key').notNull(),
    address: text('address').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_failures_key_address_idx').on(t.usernameKey, t.address, t.createdAt),
    index('login_failures_address_idx').on(t.address, t.createdAt),
  ],
);

/** Accounts created per client address, for REGISTRATION_LIMIT per rolling hour. */
export const registrations = pgTable(
  'registrations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    address: text('address').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('registrations_address_idx').on(t.address, t.createdAt)],
);

export const characters = pgTable(
  'characters',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    class: text('class').$type<ClassId>().notNull(),
    characterAvatar: text('character_avatar').notNull(),
    imageSet: text('image_set').notNull().default('default'),
    level: integer('level').notNull().default(1),
    experience: integer('experience').notNull().default(0),
    wins: integer('wins').notNull().default(0),
    losses: integer('losses').notNull().default(0),
    isForged: boolean('is_forged').notNull().default(false),
    statPoints: integer('stat_points').notNull().default(0),
    skillPoints: integer('skill_points').notNull().default(0),
    /** Stat points the player spent, per stat, on top of class base and growth. */
    allocated: jsonb('allocated').$type<Stats>().notNull().default({ attack: 0, defense: 0, speed: 0, magic: 0 }),
    lastBattleAt: timestamp('last_battle_at', { withTimezone: true }),
    lastPvpBattleAt: timestamp('last_pvp_battle_at', { withTimezone: true }),
    /** Glicko-2 PvP rating (DESIGN §4), of the season `ratingSeason` (YYYY-MM). */
    rating: real('rating').notNull().default(1500),
    ratingDeviation: real('rating_deviation').notNull().default(350),
    ratingVolatility: real('rating_volatility').notNull().default(0.06),
    ratingSeason: text('rating_season'),
    /** PvP wins and losses of the season, and the current run of PvP wins. */
    pvpWins: integer('pvp_wins').notNull().default(0),
    pvpLosses: integer('pvp_losses').notNull().default(0),
    pvpStreak: integer('pvp_streak').notNull().default(0),
    /**
     * The character has an active marketplace listing: kept by a trigger on marketplace_listings
     * (migration 0015), so a listing writes the character's row in its own transaction. A
     * statement that locks the character (a queue join, a battle round) then reads the flag as the
     * listing left it, where a look at the listings table would use the statement's older snapshot.
     */
    listed: boolean('listed').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** level × 100 + wins × 10 + value ÷ 10, value as DESIGN §4 (the overall ranking). */
    overallScore: integer('overall_score')
      .notNull()
      .generatedAlwaysAs(
        sql`level * 100 + wins * 10 + ((500 + 250 * (level - 1) + 20 * wins) * (CASE WHEN is_forged THEN 2 ELSE 1 END)) / 10`,
      ),
  },
  (t) => [
    index('characters_user_idx').on(t.userId, t.level.desc().nullsFirst()),
    index('characters_level_rank_idx').on(t.level.desc().nullsFirst(), t.wins.desc().nullsFirst(), t.id),
    index('characters_wins_rank_idx').on(t.wins.desc().nullsFirst(), t.level.desc().nullsFirst(), t.id),
    index('characters_overall_rank_idx').on(t.overallScore.desc().nullsFirst(), t.id),
    index('characters_rating_rank_idx').on(t.rating.desc().nullsFirst(), t.id),
    check('characters_level_positive', sql`${t.level} >= 1`),
    check('characters_points_non_negative', sql`${t.statPoints} >= 0 AND ${t.skillPoints} >= 0`),
  ],
);

/** A character as stored. */
export type CharacterRow = typeof characters.$inferSelect;

/** The enemy `GET /api/enemy` rolled for a player, fought by the next `POST /api/battle`. */
export const pveEnemies = pgTable('pve_enemies', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  enemy: jsonb('enemy').$type<{ name: string; class: ClassId; level: number; stats: Stats; threat?: Threat }>().notNull(),
  rolledAt: timestamp('rolled_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every PvE battle with its seed, so it can be replayed and checked. */
export const pveBattles = pgTable(
  'pve_battles',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    characterId: integer('character_id')
      .notNull()
      .references(() => characters.id, { onDelete: 'cascade' }),
    seed: bigint('seed', { mode: 'number' }).notNull(),
    enemy: jsonb('enemy').$type<{ name: string; class: ClassId; level: number; stats: Stats; threat?: Threat }>().notNull(),
    result: text('result').$type<'victory' | 'defeat'>().notNull(),
    experienceGained: integer('experience_gained').notNull(),
    creditsGained: integer('credits_gained').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pve_battles_character_idx').on(t.characterId, t.createdAt)],
);

export const marketplaceListings = pgTable(
  'marketplace_listings',
  {
    id: serial('id').primaryKey(),
    characterId: integer('character_id')
      .notNull()
      .references(() => characters.id, { onDelete: 'cascade' }),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    price: integer('price').notNull(),
    /**
     * The character's level when it was listed, for the level sorts and filters (one index
     * serves them without a join). It holds while the listing is active: a listed character
     * cannot fight, so its level cannot change.
     */
    characterLevel: integer('character_level').notNull(),
    status: text('status').$type<'active' | 'sold' | 'withdrawn'>().notNull().default('active'),
    views: integer('views').notNull().default(0),
    likes: integer('likes').notNull().default(0),
    buyerId: integer('buyer_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('marketplace_one_active_listing_idx').on(t.characterId).where(sql`${t.status} = 'active'`),
    // One index per marketplace order over the active listings (the page's keyset walks it):
    // newest = id desc; price_high, level_high and popular are read backwards, ties go to the newest.
    index('marketplace_active_newest_idx').on(t.id).where(sql`${t.status} = 'active'`),
    index('marketplace_active_price_idx').on(t.price, t.id).where(sql`${t.status} = 'active'`),
    index('marketplace_active_price_low_idx').on(t.price, t.id.desc().nullsFirst()).where(sql`${t.status} = 'active'`),
    index('marketplace_active_level_idx').on(t.characterLevel, t.id).where(sql`${t.status} = 'active'`),
    index('marketplace_active_level_low_idx').on(t.characterLevel, t.id.desc().nullsFirst()).where(sql`${t.status} = 'active'`),
    index('marketplace_active_popular_idx').on(sql`(${t.views} + ${t.likes})`, t.id).where(sql`${t.status} = 'active'`),
    check('marketplace_price_range', sql`${t.price} BETWEEN 1 AND 10000000`),
    check('marketplace_status', sql`${t.status} IN ('active', 'sold', 'withdrawn')`),
  ],
);

/**
 * Answers of actions sent with an `Idempotency-Key` (24 hours): the key is claimed first thing
 * in the action's transaction and the answer stored at its end, so a repeat (even at the same
 * moment, on another instance) waits for the first and answers what it answered.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** Method, path and body of the request the key was first used for. */
    fingerprint: text('fingerprint').notNull(),
    status: integer('status').notNull(),
    answer: jsonb('answer'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);
