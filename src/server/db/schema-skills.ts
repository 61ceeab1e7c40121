import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ClassId } from '@common/characters';
import type { SkillType } from '@common/economy-api';
import type { SkillEffects } from '../domain/skills';
import { characters } from './schema';

/** Tables of the skills area: the seeded catalogue and what each character has learned. */

/** The skill catalogue, upserted by `key` at start-up and by the seed endpoint. */
export const skills = pgTable(
  'skills',
  {
    id: serial('id').primaryKey(),
    /** Stable identity across seedings, e.g. 'mage_null_bolt'. */
    key: text('key').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    type: text('type').$type<SkillType>().notNull(),
    class: text('class').$type<ClassId>().notNull(),
    baseCost: integer('base_cost').notNull(),
    maxLevel: integer('max_level').notNull(),
    requiredLevel: integer('required_level').notNull(),
    effects: jsonb('effects').$type<SkillEffects>().notNull(),
  },
  (t) => [
    uniqueIndex('skills_key_idx').on(t.key),
    index('skills_class_idx').on(t.class, t.requiredLevel),
    check('skills_type', sql`${t.type} IN ('passive', 'active', 'ultimate')`),
    check('skills_numbers', sql`${t.baseCost} >= 0 AND ${t.maxLevel} >= 1 AND ${t.requiredLevel} >= 1`),
  ],
);

/**
 * Skills a character has learned. Rows belong to the character, not the player, so they
 * follow it when it is sold; one row per character and skill.
 */
export const characterSkills = pgTable(
  'character_skills',
  {
    id: serial('id').primaryKey(),
    characterId: integer('character_id')
      .notNull()
      .references(() => characters.id, { onDelete: 'cascade' }),
    skillId: integer('skill_id')
      .notNull()
      .references(() => skills.id),
    level: integer('level').notNull().default(1),
    learnedAt: timestamp('learned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('character_skills_character_skill_idx').on(t.characterId, t.skillId),
    check('character_skills_level_positive', sql`${t.level} >= 1`),
  ],
);
