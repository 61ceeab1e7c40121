import type { Db } from '../db/client';
import { seedEquipmentCatalogue } from './equipment-catalogue';
import { seedForgeCatalogue } from './forge-catalogue';
import { seedSkillCatalogue } from './skill-catalogue';

/**
 * Upserts every catalogue (equipment, skills, materials, sets, image sets) by its stable key:
 * run at start-up and by `POST /api/admin/seed-equipment`; running it twice changes nothing.
 */
export async function seedCatalogues(db: Db): Promise<void> {
  await seedEquipmentCatalogue(db);
  await seedSkillCatalogue(db);
  await seedForgeCatalogue(db);
}
