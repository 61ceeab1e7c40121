import { sql } from 'drizzle-orm';
import { IMAGE_SETS } from '@common/image-sets';
import type { Db } from '../db/client';
import { imageSets, materials } from '../db/schema-forge';
import { MATERIALS } from '../domain/forge-sets';

/**
 * Upserts the forge catalogue by stable id: materials and image sets. The equipment sets live
 * in code (domain/forge-sets.ts); their pieces are part of the equipment catalogue. Running it
 * twice changes nothing, and nothing a player holds is touched.
 */
export async function seedForgeCatalogue(db: Db): Promise<void> {
  await db
    .insert(materials)
    .values(MATERIALS.map(({ id, name, rarity, description }) => ({ id, name, rarity, description })))
    .onConflictDoUpdate({
      target: materials.id,
      set: { name: sql`excluded.name`, rarity: sql`excluded.rarity`, description: sql`excluded.description` },
    });
  await db
    .insert(imageSets)
    .values(
      IMAGE_SETS.map((s) => ({
        id: s.id,
        name: s.name,
        description: s.description,
        cost: s.cost,
        requiredLevel: s.requirement.level ?? null,
        requiredWins: s.requirement.wins ?? null,
      })),
    )
    .onConflictDoUpdate({
      target: imageSets.id,
      set: {
        name: sql`excluded.name`,
        description: sql`excluded.description`,
        cost: sql`excluded.cost`,
        requiredLevel: sql`excluded.required_level`,
        requiredWins: sql`excluded.required_wins`,
      },
    });
}
