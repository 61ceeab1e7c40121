import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Stats } from '@common/characters';
import type { Rarity, SetId, Slot } from '@common/economy-api';
import { characters } from './schema';

/** Tables of the equipment area: the seeded item catalogue and what each character owns. */

/** The item catalogue, upserted by `key` at start-up; ids stay stable across seeds. */
export const equipmentItems = pgTable(
  'equipment_items',
  {
    id: serial('id').primaryKey(),
    /** Stable catalogue key, e.g. 'bitcrusher_blade' or 'forged_dragon_lord_weapon'. */
    key: text('key').notNull(),
    name: text('name').notNull(),
    slot: text('slot').$type<Slot>().notNull(),
    rarity: text('rarity').$type<Rarity>().notNull(),
    /** Level needed to buy or wear the piece. */
    level: integer('level').notNull(),
    description: text('description').notNull(),
    /** Credits; 0 for pieces only the forge makes. */
    price: integer('price').notNull(),
    stats: jsonb('stats').$type<Stats>().notNull(),
    setId: text('set_id').$type<SetId>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('equipment_items_key_idx').on(t.key),
    index('equipment_items_shop_idx').on(t.level, t.price, t.id).where(sql`${t.price} > 0`),
    check('equipment_items_price_non_negative', sql`${t.price} >= 0`),
    check('equipment_items_level_positive', sql`${t.level} >= 1`),
    check('equipment_items_slot', sql`${t.slot} IN ('weapon', 'armor', 'helmet', 'boots', 'gloves', 'accessory')`),
  ],
);

/**
 * Pieces a character owns. Ownership follows the character: one sold on the marketplace keeps
 * its gear. `slot` is copied from the item so that the partial unique index can allow at most
 * one equipped piece per slot.
 */
export const characterEquipment = pgTable(
  'character_equipment',
  {
    id: serial('id').primaryKey(),
    characterId: integer('character_id')
      .notNull()
      .references(() => characters.id, { onDelete: 'cascade' }),
    equipmentId: integer('equipment_id')
      .notNull()
      .references(() => equipmentItems.id),
    slot: text('slot').$type<Slot>().notNull(),
    equipped: boolean('equipped').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('character_equipment_one_per_slot_idx').on(t.characterId, t.slot).where(sql`${t.equipped}`),
    index('character_equipment_character_idx').on(t.characterId, t.id),
    index('character_equipment_item_idx').on(t.equipmentId),
  ],
);
