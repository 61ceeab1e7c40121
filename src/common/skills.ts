import type { ClassId } from './characters';

/**
 * Who may learn a skill (DESIGN §4, SPEC §4 Skill learning): one rule for the server, which
 * enforces it, and the client, which shows the button it allows.
 */

export const SKILL_MESSAGES = {
  alreadyLearned: 'Skill already learned',
  notEnoughPoints: 'Not enough skill points',
  notFound: 'Skill not found',
  learned: 'Skill learned successfully!',
  requiresLevel: (level: number) => `Requires level ${level}`,
  wrongClass: (classId: ClassId) => `This skill belongs to the ${classId} class`,
} as const;

export interface LearnableSkill {
  class: ClassId;
  baseCost: number;
  requiredLevel: number;
}

export interface Learner {
  class: ClassId;
  level: number;
  skillPoints: number;
}

export type LearnCheck = { ok: true } | { ok: false; message: string };

/** Whether `character` may learn `skill` now; the first unmet rule gives the message. */
export function canLearn(skill: LearnableSkill, character: Learner, alreadyLearned: boolean): LearnCheck {
  if (skill.class !== character.class) return { ok: false, message: SKILL_MESSAGES.wrongClass(skill.class) };
  if (alreadyLearned) return { ok: false, message: SKILL_MESSAGES.alreadyLearned };
  if (character.level < skill.requiredLevel) return { ok: false, message: SKILL_MESSAGES.requiresLevel(skill.requiredLevel) };
  if (character.skillPoints < skill.baseCost) return { ok: false, message: SKILL_MESSAGES.notEnoughPoints };
  return { ok: true };
}

/** The level requirement of a skill as the API answers it (`prerequisites.level`), at least 1. */
export function requiredLevelOf(skill: { prerequisites?: { level?: number } }): number {
  return Math.max(1, skill.prerequisites?.level ?? 1);
}

/**
 * Upgrading a learned skill (issue 16: skills that grow). Going from level `level` to
 * `level + 1` costs `baseCost × level` skill points and needs the character at
 * `requiredLevel + UPGRADE_LEVEL_STEP × level`, so early levels are cheap and the later ones
 * wait for the character to grow. The catalogue holds more upgrade levels than a level-30
 * fighter earns points (src/server/domain/skills.test.ts checks it level by level).
 */
export const UPGRADE_LEVEL_STEP = 3;

export const UPGRADE_MESSAGES = {
  maxLevel: 'Skill is already at max level',
  notEnoughPoints: SKILL_MESSAGES.notEnoughPoints,
  notLearned: 'Learn this skill before upgrading it',
  upgraded: 'Skill upgraded successfully!',
  requiresLevel: (level: number) => `Requires level ${level} to upgrade this skill`,
} as const;

export interface UpgradableSkill {
  baseCost: number;
  maxLevel: number;
  requiredLevel: number;
}

/** Skill points that raise a skill from `level` to `level + 1`. */
export function upgradeCost(skill: Pick<UpgradableSkill, 'baseCost'>, level: number): number {
  return Math.max(1, skill.baseCost) * Math.max(1, level);
}

/** The character level needed to raise a skill from `level` to `level + 1`. */
export function upgradeRequiredLevel(skill: Pick<UpgradableSkill, 'requiredLevel'>, level: number): number {
  return Math.max(1, skill.requiredLevel) + UPGRADE_LEVEL_STEP * Math.max(1, level);
}

/** Whether `character` may raise a skill it holds at `level`; the first unmet rule gives the message. */
export function canUpgrade(skill: UpgradableSkill, character: Pick<Learner, 'level' | 'skillPoints'>, level: number): LearnCheck {
  if (level >= skill.maxLevel) return { ok: false, message: UPGRADE_MESSAGES.maxLevel };
  const needed = upgradeRequiredLevel(skill, level);
  if (character.level < needed) return { ok: false, message: UPGRADE_MESSAGES.requiresLevel(needed) };
  if (character.skillPoints < upgradeCost(skill, level)) return { ok: false, message: UPGRADE_MESSAGES.notEnoughPoints };
  return { ok: true };
}
