import { eq, inArray } from 'drizzle-orm';
import type { Stats } from '@common/characters';
import type { Executor } from '../db/client';
import { characterSkills, skills } from '../db/schema-skills';
import type { Ability } from '../domain/battle';
import { type LearnedSkill, skillLoadout } from '../domain/skills';

/**
 * Passive stat bonuses and battle abilities of each character's learned skills, in one query.
 * Characters without skills are absent from the map.
 */
export async function skillLoadouts(
  db: Executor,
  characterIds: number[],
): Promise<Map<number, { bonus: Partial<Stats>; abilities: Ability[] }>> {
  const result = new Map<number, { bonus: Partial<Stats>; abilities: Ability[] }>();
  if (characterIds.length === 0) return result;
  const rows = await db
    .select({
      characterId: characterSkills.characterId,
      level: characterSkills.level,
      name: skills.name,
      type: skills.type,
      effects: skills.effects,
    })
    .from(characterSkills)
    .innerJoin(skills, eq(skills.id, characterSkills.skillId))
    .where(inArray(characterSkills.characterId, characterIds))
    .orderBy(characterSkills.characterId, characterSkills.id);
  const learned = new Map<number, LearnedSkill[]>();
  for (const row of rows) {
    const list = learned.get(row.characterId) ?? [];
    list.push({ skill: { name: row.name, type: row.type, effects: row.effects }, level: row.level });
    learned.set(row.characterId, list);
  }
  for (const [id, list] of learned) result.set(id, skillLoadout(list));
  return result;
}
