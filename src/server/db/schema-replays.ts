import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import type { Fighter } from '../domain/battle';
import type { Action, RulesName } from '../domain/engine';

/** How a side of a stored battle is shown: who played it, and with which look. */
export interface ReplaySide {
  characterId: number | null;
  userId: number | null;
  username: string | null;
  characterAvatar: string | null;
  imageSet: string | null;
  /** The enemy's sprite for a PvE enemy. */
  sprite: string | null;
}

/**
 * Every battle fought (PvE, PvP on both pages, each guild duel), stored as what the engine needs
 * to play it again (docs/battle-protocol.md): the rules, both fighters as they fought, the seed
 * and every action. The result is kept beside for histories; the rest is rebuilt.
 */
export const replays = pgTable(
  'replays',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind', { enum: ['pve', 'pvp', 'guild'] }).notNull(),
    rules: text('rules').$type<RulesName>().notNull(),
    /** Unsigned 32-bit: a guild duel's seed is mixed from its battle's. */
    seed: bigint('seed', { mode: 'number' }).notNull(),
    fighters: jsonb('fighters').$type<[Fighter, Fighter]>().notNull(),
    sides: jsonb('sides').$type<[ReplaySide, ReplaySide]>().notNull(),
    inputs: jsonb('inputs').$type<Action[]>().notNull(),
    /** The characters of both sides (null for a PvE enemy), for a character's history. */
    character1Id: integer('character1_id'),
    character2Id: integer('character2_id'),
    winner: smallint('winner').notNull(),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('replays_kind_valid', sql`${t.kind} in ('pve', 'pvp', 'guild')`),
    check('replays_winner_valid', sql`${t.winner} in (0, 1)`),
    index('replays_character1_idx').on(t.character1Id, t.createdAt.desc()),
    index('replays_character2_idx').on(t.character2Id, t.createdAt.desc()),
  ],
);
