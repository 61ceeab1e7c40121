import type { Db } from '../db/client';
import { equipmentItems } from '../db/schema-equipment';
import { EQUIPMENT_CATALOGUE } from '../domain/equipment-catalogue-data';
import { upsertCatalogue } from './catalogue-upsert';

/** Upserts the equipment catalogue by stable key; owned pieces keep pointing at the same ids. */
export async function seedEquipmentCatalogue(db: Db): Promise<void> {
  await upsertCatalogue(db, equipmentItems, equipmentItems.key, EQUIPMENT_CATALOGUE.map((item) => ({ ...item })));
}
