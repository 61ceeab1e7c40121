import { STAT_KEYS, type ClassId, type Stats } from '@common/characters';
import type { SkillType } from '@common/economy-api';
import type { Ability } from './battle';

/**
 * Skill rules (DESIGN §4): who may learn a skill, and what learned skills add in battle.
 *
 * - Passives add flat stat bonuses (per learned level) to the character's effective stats.
 * - Actives and ultimates become battle abilities: the engine uses the strongest ready one
 *   instead of a basic attack. Cooldowns are kept in seconds for players; one engine turn
 *   stands for 3 seconds, so a 9 s cooldown waits 3 own turns.
 */

/** Seconds one engine turn stands for, when showing or converting cooldowns. */
export const SECONDS_PER_TURN = 3;
/** Extra damage multiplier per learned level above the first. */
export const MULTIPLIER_PER_LEVEL = 0.05;

export const SKILL_TYPES = ['passive', 'active', 'ultimate'] as const satisfies readonly SkillType[];

export {
  SKILL_MESSAGES,
  UPGRADE_MESSAGES,
  canLearn,
  canUpgrade,
  upgradeCost,
  upgradeRequiredLevel,
  type LearnCheck,
  type LearnableSkill,
  type Learner,
} from '@common/skills';

export interface SkillEffects {
  /** 1 for passives; above 1 for actives and ultimates. */
  damageMultiplier: number;
  /** Flat bonuses of a passive, per learned level. */
  statBonus: Partial<Stats>;
  /** Seconds between uses (an ultimate also charges this long first); 0 for passives. */
  cooldown: number;
}

/** A catalogue entry, as seeded; `key` is its stable identity across seedings. */
export interface SkillDefinition {
  key: string;
  name: string;
  description: string;
  type: SkillType;
  class: ClassId;
  baseCost: number;
  maxLevel: number;
  requiredLevel: number;
  effects: SkillEffects;
}

/** Cooldown seconds as engine turns (rounded up: a cooldown never gets shorter). */
export function cooldownTurns(seconds: number): number {
  return Math.max(0, Math.ceil(seconds / SECONDS_PER_TURN));
}

/** An ability's damage multiplier at a learned level: a little stronger with each level. */
export function multiplierAtLevel(base: number, level: number): number {
  const extra = MULTIPLIER_PER_LEVEL * Math.max(0, level - 1);
  return Math.round((base + extra) * 100) / 100;
}

export interface LearnedSkill {
  /** `id`: the catalogue row's id, kept on the ability so a duel can choose it. */
  skill: Pick<SkillDefinition, 'name' | 'type' | 'effects'> & { id?: number };
  level: number;
}

export interface SkillLoadout {
  bonus: Partial<Stats>;
  abilities: Ability[];
}

/**
 * What a character's learned skills add: passive bonuses × level, and battle abilities whose
 * multiplier grows with their level (the level is kept on the ability, so a stored fighter
 * snapshot says what it fought with).
 */
export function skillLoadout(learned: readonly LearnedSkill[]): SkillLoadout {
  const bonus: Partial<Stats> = {};
  const abilities: Ability[] = [];
  for (const { skill, level } of learned) {
    const lv = Math.max(1, level);
    if (skill.type === 'passive') {
      for (const key of STAT_KEYS) {
        const add = skill.effects.statBonus[key];
        if (add) bonus[key] = (bonus[key] ?? 0) + add * lv;
      }
      continue;
    }
    abilities.push({
      ...(skill.id === undefined ? {} : { id: skill.id }),
      name: skill.name,
      damageMultiplier: multiplierAtLevel(skill.effects.damageMultiplier, lv),
      cooldownTurns: cooldownTurns(skill.effects.cooldown),
      kind: skill.type,
      level: lv,
    });
  }
  return { bonus, abilities };
}
