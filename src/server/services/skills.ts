import { and, asc, eq } from 'drizzle-orm';
import { CHARACTER_MESSAGES, isClassId } from '@common/characters';
import type { LearnSkillResultView, LearnedSkillView, SkillView } from '@common/economy-api';
import type { ProgressionView } from '@common/game-api';
import type { AppContext } from '../context';
import type { Executor } from '../db/client';
import { characters } from '../db/schema';
import { characterSkills, skills } from '../db/schema-skills';
import { experienceToNext } from '../domain/progression';
import { SKILL_MESSAGES, UPGRADE_MESSAGES, canLearn, canUpgrade, upgradeCost } from '../domain/skills';
import type { CharacterRow } from '../db/schema';
import { assertNotListed, ownedCharacter } from './characters';
import { PG_UNIQUE_VIOLATION, badRequest, notFound, pgErrorCode } from '../errors';
import { recordEvents } from './outbox';
import { transact } from './transaction';

/** Skills (SPEC §7): the catalogue, a character's learned skills, and learning one. */

type SkillRow = typeof skills.$inferSelect;

export function skillView(row: SkillRow): SkillView {
  return {
    id: row.id,
    key: row.key,
    name: row.name,
    description: row.description,
    type: row.type,
    class: row.class,
    baseCost: row.baseCost,
    maxLevel: row.maxLevel,
    prerequisites: { level: row.requiredLevel },
    effects: {
      damageMultiplier: row.effects.damageMultiplier,
      statBonus: { ...row.effects.statBonus },
      cooldown: row.effects.cooldown,
    },
  };
}

const catalogueOrder = [asc(skills.class), asc(skills.requiredLevel), asc(skills.id)];

/** `GET /api/skills`: the whole catalogue, by class, then level requirement. */
export async function listSkills({ db }: AppContext): Promise<SkillView[]> {
  const rows = await db.select().from(skills).orderBy(...catalogueOrder);
  return rows.map(skillView);
}

/** `GET /api/skills/{class}`: one class's skills; 400 for a class that does not exist. */
export async function skillsOfClass({ db }: AppContext, classId: string): Promise<SkillView[]> {
  if (!isClassId(classId)) throw badRequest(CHARACTER_MESSAGES.unknownClass);
  const rows = await db.select().from(skills).where(eq(skills.class, classId)).orderBy(...catalogueOrder);
  return rows.map(skillView);
}

async function learnedOf(db: Executor, characterId: number): Promise<LearnedSkillView[]> {
  const rows = await db
    .select({ learned: characterSkills, skill: skills })
    .from(characterSkills)
    .innerJoin(skills, eq(skills.id, characterSkills.skillId))
    .where(eq(characterSkills.characterId, characterId))
    .orderBy(asc(characterSkills.id));
  return rows.map(({ learned, skill }) => ({
    id: learned.id,
    skillId: learned.skillId,
    level: learned.level,
    skill: skillView(skill),
  }));
}

/** `GET /api/characters/{id}/skills`: 404 for a missing character, 403 for someone else's. */
export async function learnedSkills({ db }: AppContext, userId: number, characterId: number): Promise<LearnedSkillView[]> {
  await ownedCharacter(db, userId, characterId);
  return learnedOf(db, characterId);
}

function progressionOf(row: CharacterRow): ProgressionView {
  return {
    level: row.level,
    experience: row.experience,
    experienceToNext: experienceToNext(row.level),
    availableSkillPoints: row.skillPoints,
    statPoints: row.statPoints,
  };
}

/**
 * `POST /api/characters/{id}/learn-skill {skillId}`: in one transaction with the character
 * locked, checks ownership, listing, the skill and the learning rules, then pays the skill's
 * cost in skill points. Of two simultaneous requests for the same skill, exactly one wins.
 */
export async function learnSkill(ctx: AppContext, userId: number, characterId: number, skillId: number): Promise<LearnSkillResultView> {
  try {
    return await transact(ctx, async (tx) => {
      const row = await ownedCharacter(tx, userId, characterId, true);
      await assertNotListed(tx, characterId, 'learn skills');
      const [skill] = await tx.select().from(skills).where(eq(skills.id, skillId)).limit(1);
      if (!skill) throw notFound(SKILL_MESSAGES.notFound);
      const [existing] = await tx
        .select({ id: characterSkills.id })
        .from(characterSkills)
        .where(and(eq(characterSkills.characterId, characterId), eq(characterSkills.skillId, skillId)))
        .limit(1);
      const check = canLearn(skill, row, existing !== undefined);
      if (!check.ok) throw badRequest(check.message);

      const [learned] = await tx.insert(characterSkills).values({ characterId, skillId }).returning();
      const [updated] = await tx
        .update(characters)
        .set({ skillPoints: row.skillPoints - skill.baseCost })
        .where(eq(characters.id, characterId))
        .returning();
      await recordEvents(tx, [{ type: 'SkillLearned', userId, characterId, skillId: String(skillId) }], ctx.clock.now());
      return {
        message: SKILL_MESSAGES.learned,
        learned: { id: learned!.id, skillId, level: learned!.level, skill: skillView(skill) },
        progression: progressionOf(updated!),
      };
    });
  } catch (err) {
    // The row lock serialises learners of one character; the unique index is the last word.
    if (pgErrorCode(err) === PG_UNIQUE_VIOLATION) throw badRequest(SKILL_MESSAGES.alreadyLearned);
    throw err;
  }
}

/**
 * `POST /api/characters/{id}/upgrade-skill {skillId}`: raises a learned skill one level, in one
 * transaction with the character locked. Someone else's character answers 404 (as a missing
 * one); a listed character 409; max level, too low a level and too few points 400. The cost and
 * the level needed are `upgradeCost` and `upgradeRequiredLevel` (src/common/skills.ts).
 */
export async function upgradeSkill(ctx: AppContext, userId: number, characterId: number, skillId: number): Promise<LearnSkillResultView> {
  return transact(ctx, async (tx) => {
    const [row] = await tx.select().from(characters).where(eq(characters.id, characterId)).limit(1).for('no key update');
    if (!row || row.userId !== userId) throw notFound('Character not found');
    await assertNotListed(tx, characterId, 'upgrade skills');
    const [found] = await tx
      .select({ learned: characterSkills, skill: skills })
      .from(characterSkills)
      .innerJoin(skills, eq(skills.id, characterSkills.skillId))
      .where(and(eq(characterSkills.characterId, characterId), eq(characterSkills.skillId, skillId)))
      .limit(1);
    if (!found) {
      const [exists] = await tx.select({ id: skills.id }).from(skills).where(eq(skills.id, skillId)).limit(1);
      throw exists ? badRequest(UPGRADE_MESSAGES.notLearned) : notFound(SKILL_MESSAGES.notFound);
    }
    const { learned, skill } = found;
    const check = canUpgrade(skill, row, learned.level);
    if (!check.ok) throw badRequest(check.message);

    const [raised] = await tx
      .update(characterSkills)
      .set({ level: learned.level + 1 })
      .where(eq(characterSkills.id, learned.id))
      .returning();
    const [updated] = await tx
      .update(characters)
      .set({ skillPoints: row.skillPoints - upgradeCost(skill, learned.level) })
      .where(eq(characters.id, characterId))
      .returning();
    return {
      message: UPGRADE_MESSAGES.upgraded,
      learned: { id: raised!.id, skillId, level: raised!.level, skill: skillView(skill) },
      progression: progressionOf(updated!),
    };
  });
}
