import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { skills } from '../db/schema-skills';
import { SKILL_CATALOGUE } from '../domain/skill-catalogue-data';

/**
 * Upserts the skill catalogue by stable key: new skills are added, changed ones updated in
 * place (ids, and so every learned skill, stay). Running it twice changes nothing.
 */
export async function seedSkillCatalogue(db: Db): Promise<void> {
  const rows = SKILL_CATALOGUE.map((s) => ({
    key: s.key,
    name: s.name,
    description: s.description,
    type: s.type,
    class: s.class,
    baseCost: s.baseCost,
    maxLevel: s.maxLevel,
    requiredLevel: s.requiredLevel,
    effects: s.effects,
  }));
  await db
    .insert(skills)
    .values(rows)
    .onConflictDoUpdate({
      target: skills.key,
      set: {
        name: sql`excluded.name`,
        description: sql`excluded.description`,
        type: sql`excluded.type`,
        class: sql`excluded.class`,
        baseCost: sql`excluded.base_cost`,
        maxLevel: sql`excluded.max_level`,
        requiredLevel: sql`excluded.required_level`,
        effects: sql`excluded.effects`,
      },
      // Rows already equal to the catalogue are left untouched (no needless writes).
      setWhere: sql`(${skills.name}, ${skills.description}, ${skills.type}, ${skills.class}, ${skills.baseCost},
        ${skills.maxLevel}, ${skills.requiredLevel}, ${skills.effects})
        IS DISTINCT FROM (excluded.name, excluded.description, excluded.type, excluded.class, excluded.base_cost,
        excluded.max_level, excluded.required_level, excluded.effects)`,
    });
}
