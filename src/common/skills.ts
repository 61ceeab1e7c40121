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
