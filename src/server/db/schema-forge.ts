import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { Rarity, SetId, Slot } from '@common/economy-api';
import { characters, users } from './schema';

/** Tables of the forge area: materials, what players hold, forging attempts and image sets. */

/** The material catalogue (seeded): 'glitch_shard', 'null_essence', ... */
export const materials = pgTable('materials', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  rarity: text('rarity').$type<Rarity>().notNull(),
  description: text('description').notNull(),
});

/** How much of each material a player holds; a row is never negative. */
export const userMaterials = pgTable(
  'user_materials',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    materialId: text('material_id')
      .notNull()
      .references(() => materials.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.materialId] }),
    check('user_materials_amount_non_negative', sql`${t.amount} >= 0`),
  ],
);

/** Every forging roll with its seed, so the outcome can be replayed and checked. */
export const forgeAttempts = pgTable(
  'forge_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    characterId: integer('character_id')
      .notNull()
      .references(() => characters.id, { onDelete: 'cascade' }),
    setId: text('set_id').$type<SetId>().notNull(),
    slot: text('slot').$type<Slot>().notNull(),
    seed: bigint('seed', { mode: 'number' }).notNull(),
    success: boolean('success').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('forge_attempts_user_idx').on(t.userId, t.createdAt)],
);

/** The image-set catalogue (seeded from src/common/image-sets.ts). */
export const imageSets = pgTable(
  'image_sets',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    cost: integer('cost').notNull().default(0),
    requiredLevel: integer('required_level'),
    requiredWins: integer('required_wins'),
  },
  (t) => [check('image_sets_cost_non_negative', sql`${t.cost} >= 0`)],
);

/** Image sets a player has paid for: paying once unlocks a set for good. */
export const userImageSets = pgTable(
  'user_image_sets',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    imageSetId: text('image_set_id')
      .notNull()
      .references(() => imageSets.id, { onDelete: 'cascade' }),
    unlockedAt: timestamp('unlocked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.imageSetId] })],
);
