import type { Db } from '../db/client';
import { skills } from '../db/schema-skills';
import { SKILL_CATALOGUE } from '../domain/skill-catalogue-data';
import { upsertCatalogue } from './catalogue-upsert';

/** Upserts the skill catalogue by stable key; learned skills keep pointing at the same ids. */
export async function seedSkillCatalogue(db: Db): Promise<void> {
  await upsertCatalogue(
    db,
    skills,
    skills.key,
    SKILL_CATALOGUE.map((s) => ({
      key: s.key,
      name: s.name,
      description: s.description,
      type: s.type,
      class: s.class,
      baseCost: s.baseCost,
      maxLevel: s.maxLevel,
      requiredLevel: s.requiredLevel,
      effects: s.effects,
    })),
  );
}
