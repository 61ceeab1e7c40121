import { STAT_KEYS, type StatKey } from '@common/classes';
import type { LearnedSkillView, SkillType, SkillView } from '@common/economy-api';
import { SKILL_MESSAGES, canLearn, canUpgrade, requiredLevelOf, upgradeCost, type LearnCheck } from '@common/skills';

export const SKILL_TYPES: readonly SkillType[] = ['passive', 'active', 'ultimate'];

const TYPE_LABELS: Record<SkillType, string> = { passive: 'Passive', active: 'Active', ultimate: 'Ultimate' };

export function skillTypeLabel(type: string): string {
  return (TYPE_LABELS as Record<string, string | undefined>)[type] ?? type;
}

/** Where the player stands with a skill. */
export interface SkillContext {
  /** Learned already by the character. */
  learned: boolean;
  /** Unspent skill points of the character. */
  points: number;
  /** The character's level. */
  level: number;
}

type SkillCost = Pick<SkillView, 'class' | 'baseCost' | 'prerequisites'>;

/**
 * The game's learning rule of src/common (the one the server enforces) for a skill shown to the
 * player. The screens list the skills of the character's own class, so the class rule holds.
 */
export function learnCheck(skill: SkillCost, ctx: SkillContext): LearnCheck {
  const learnable = { class: skill.class, baseCost: skill.baseCost, requiredLevel: requiredLevelOf(skill) };
  return canLearn(learnable, { class: skill.class, level: ctx.level, skillPoints: ctx.points }, ctx.learned);
}

export interface LearnButtonState {
  label: 'Already Learned' | 'Learn Skill' | 'Insufficient Skill Points';
  disabled: boolean;
  /** Extra reason under the button, e.g. 'Requires level 5'; null when there is none. */
  hint: string | null;
}

/** The learn button of the skills tab on /equipment. */
export function learnButtonState(skill: SkillCost, ctx: SkillContext): LearnButtonState {
  if (ctx.learned) return { label: 'Already Learned', disabled: true, hint: null };
  const levelHint = ctx.level >= requiredLevelOf(skill) ? null : SKILL_MESSAGES.requiresLevel(requiredLevelOf(skill));
  if (ctx.points < skill.baseCost) return { label: 'Insufficient Skill Points', disabled: true, hint: levelHint };
  return { label: 'Learn Skill', disabled: !learnCheck(skill, ctx).ok, hint: levelHint };
}

export interface SkillCardState {
  learned: boolean;
  /** The level requirement is not met (the card shows a lock). */
  locked: boolean;
  canLearn: boolean;
  label: 'Learned' | 'Learn Skill' | 'Requirements Not Met';
  /** What is missing, e.g. ['Requires level 5', 'Needs 2 more skill points']. */
  missing: string[];
}

/** The state of a skill card on /skills. */
export function skillCardState(skill: SkillCost, ctx: SkillContext): SkillCardState {
  const locked = ctx.level < requiredLevelOf(skill);
  if (ctx.learned) return { learned: true, locked, canLearn: false, label: 'Learned', missing: [] };
  const missing: string[] = [];
  if (locked) missing.push(SKILL_MESSAGES.requiresLevel(requiredLevelOf(skill)));
  if (ctx.points < skill.baseCost) {
    const short = skill.baseCost - Math.max(0, ctx.points);
    missing.push(`Needs ${short} more skill point${short === 1 ? '' : 's'}`);
  }
  const ok = learnCheck(skill, ctx).ok;
  return { learned: false, locked, canLearn: ok, label: ok ? 'Learn Skill' : 'Requirements Not Met', missing };
}

export interface UpgradeButtonState {
  /** 'Upgrade Skill (n SP)', n being the cost of the next level. */
  label: string;
  cost: number;
  disabled: boolean;
  /** Why it is disabled (the tooltip), e.g. 'Not enough skill points'; null when it is not. */
  reason: string | null;
}

/**
 * The upgrade button of a learned skill (the rule the server enforces, src/common/skills.ts);
 * null at max level, where no button shows.
 */
export function upgradeButtonState(
  skill: Pick<SkillView, 'baseCost' | 'maxLevel' | 'prerequisites'>,
  learnedLevel: number,
  ctx: Pick<SkillContext, 'points' | 'level'>,
): UpgradeButtonState | null {
  if (learnedLevel >= skill.maxLevel) return null;
  const rule = { baseCost: skill.baseCost, maxLevel: skill.maxLevel, requiredLevel: requiredLevelOf(skill) };
  const check = canUpgrade(rule, { level: ctx.level, skillPoints: ctx.points }, learnedLevel);
  const cost = upgradeCost(rule, learnedLevel);
  return { label: `Upgrade Skill (${cost} SP)`, cost, disabled: !check.ok, reason: check.ok ? null : check.message };
}

/** Damage bonus in whole percent: (damageMultiplier − 1) × 100. */
export function damageBonusPercent(damageMultiplier: number | null | undefined): number {
  if (damageMultiplier == null || !Number.isFinite(damageMultiplier)) return 0;
  return Math.round((damageMultiplier - 1) * 100);
}

const STAT_NAMES: Record<StatKey, string> = { attack: 'Attack', defense: 'Defense', speed: 'Speed', magic: 'Magic' };

export interface SkillEffectLine {
  kind: 'damage' | 'stat' | 'cooldown';
  text: string;
  stat?: StatKey;
}

/** The effects of a skill as short lines: damage bonus, stat bonuses, cooldown. */
export function skillEffectLines(effects: SkillView['effects'] | null | undefined): SkillEffectLine[] {
  if (!effects) return [];
  const lines: SkillEffectLine[] = [];
  const damage = damageBonusPercent(effects.damageMultiplier);
  if (damage !== 0) lines.push({ kind: 'damage', text: `${damage > 0 ? '+' : ''}${damage}% damage` });
  for (const key of STAT_KEYS) {
    const value = effects.statBonus?.[key] ?? 0;
    if (!value) continue;
    lines.push({ kind: 'stat', stat: key, text: `${value > 0 ? '+' : ''}${value} ${STAT_NAMES[key]}` });
  }
  if (effects.cooldown > 0) lines.push({ kind: 'cooldown', text: `${effects.cooldown}s cooldown` });
  return lines;
}

/** Skills of one type, by level requirement, then cost, then name. */
export function skillsOfType<T extends SkillView>(skills: readonly T[] | null | undefined, type: SkillType): T[] {
  return sortSkills((skills ?? []).filter((s) => s.type === type));
}

export function sortSkills<T extends SkillView>(skills: readonly T[]): T[] {
  return [...skills].sort(
    (a, b) => requiredLevelOf(a) - requiredLevelOf(b) || a.baseCost - b.baseCost || a.name.localeCompare(b.name) || a.id - b.id,
  );
}

/** Learned skills by skill id. */
export function learnedById(learned: readonly LearnedSkillView[] | null | undefined): Map<number, LearnedSkillView> {
  return new Map((learned ?? []).map((l) => [l.skillId, l]));
}

/** The text of an empty skill tab. */
export function emptySkillsText(type: SkillType, className: string): string {
  return `No ${type} skills available for ${className} class.`;
}
