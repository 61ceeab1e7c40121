import { IMAGE_SETS } from '@common/image-sets';
import type { Db } from '../db/client';
import { imageSets, materials } from '../db/schema-forge';
import { MATERIALS } from '../domain/forge-sets';
import { upsertCatalogue } from './catalogue-upsert';

/**
 * Upserts the forge catalogue by stable id: materials and image sets. The equipment sets live
 * in code (domain/forge-sets.ts); their pieces are part of the equipment catalogue. Running it
 * twice changes nothing, and nothing a player holds is touched.
 */
export async function seedForgeCatalogue(db: Db): Promise<void> {
  await upsertCatalogue(
    db,
    materials,
    materials.id,
    MATERIALS.map(({ id, name, rarity, description }) => ({ id, name, rarity, description })),
  );
  await upsertCatalogue(
    db,
    imageSets,
    imageSets.id,
    IMAGE_SETS.map((s) => ({
      id: s.id,
      name: s.name,
      description: s.description,
      cost: s.cost,
      requiredLevel: s.requirement.level ?? null,
      requiredWins: s.requirement.wins ?? null,
    })),
  );
}
