import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { equipmentItems } from '../db/schema-equipment';
import { EQUIPMENT_CATALOGUE } from '../domain/equipment-catalogue-data';

/**
 * Upserts the equipment catalogue by stable key: new items are added, changed ones updated in
 * place (same id), unchanged ones are not written at all. Safe to run concurrently and twice.
 */
export async function seedEquipmentCatalogue(db: Db): Promise<void> {
  const t = equipmentItems;
  await db
    .insert(t)
    .values(EQUIPMENT_CATALOGUE.map((item) => ({ ...item })))
    .onConflictDoUpdate({
      target: t.key,
      set: {
        name: sql`excluded.name`,
        slot: sql`excluded.slot`,
        rarity: sql`excluded.rarity`,
        level: sql`excluded.level`,
        description: sql`excluded.description`,
        price: sql`excluded.price`,
        stats: sql`excluded.stats`,
        setId: sql`excluded.set_id`,
      },
      setWhere: sql`(${t.name}, ${t.slot}, ${t.rarity}, ${t.level}, ${t.description}, ${t.price}, ${t.stats}, ${t.setId})
        IS DISTINCT FROM (excluded.name, excluded.slot, excluded.rarity, excluded.level, excluded.description, excluded.price, excluded.stats, excluded.set_id)`,
    });
}
