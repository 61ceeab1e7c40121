import type { Stats } from '@common/characters';
import type { Threat } from '@common/game-api';
import { CHARACTER_MESSAGES, STAT_KEYS, formatCooldown, powerLevel } from '@common/characters';

/** Levels, points, value, rewards and cooldowns (DESIGN §4). */

export const SKILL_POINTS_PER_LEVEL = 1;
export const STAT_POINTS_PER_LEVEL = 3;

export function experienceToNext(level: number): number {
  return 100 * level;
}

export interface LevelState {
  level: number;
  experience: number;
}

export interface ExperienceGain extends LevelState {
  experienceToNext: number;
  levelsGained: number;
  skillPointsGained: number;
  statPointsGained: number;
}

/** Adds experience; extra experience carries over and several levels can be gained at once. */
export function applyExperience(state: LevelState, gained: number): ExperienceGain {
  if (!Number.isInteger(gained) || gained < 0) throw new RangeError(`Bad experience gain ${gained}`);
  let { level, experience } = state;
  experience += gained;
  let levelsGained = 0;
  while (experience >= experienceToNext(level)) {
    experience -= experienceToNext(level);
    level++;
    levelsGained++;
  }
  return {
    level,
    experience,
    experienceToNext: experienceToNext(level),
    levelsGained,
    skillPointsGained: levelsGained * SKILL_POINTS_PER_LEVEL,
    statPointsGained: levelsGained * STAT_POINTS_PER_LEVEL,
  };
}

/** value = 500 + 250 × (level − 1) + 20 × wins, doubled when forged. */
export function characterValue(c: { level: number; wins: number; isForged: boolean }): number {
  const value = 500 + 250 * (c.level - 1) + 20 * c.wins;
  return c.isForged ? value * 2 : value;
}

export type AllocationResult =
  | { ok: true; allocated: Stats; spent: number; statPointsLeft: number }
  | { ok: false; message: string };

/**
 * Spends stat points: `allocated` are the points already spent per stat, `available` the
 * unspent points, `request` the points to add now.
 */
export function allocateStats(allocated: Stats, available: number, request: Stats): AllocationResult {
  if (STAT_KEYS.some((k) => !Number.isInteger(request[k]) || request[k] < 0)) {
    return { ok: false, message: CHARACTER_MESSAGES.statPointsWhole };
  }
  const spent = powerLevel(request);
  if (spent === 0) return { ok: false, message: CHARACTER_MESSAGES.noStatPoints };
  if (spent > available) return { ok: false, message: CHARACTER_MESSAGES.notEnoughStatPoints };
  return {
    ok: true,
    allocated: {
      attack: allocated.attack + request.attack,
      defense: allocated.defense + request.defense,
      speed: allocated.speed + request.speed,
      magic: allocated.magic + request.magic,
    },
    spent,
    statPointsLeft: available - spent,
  };
}

export interface Rewards {
  experience: number;
  credits: number;
}

/**
 * PvE rewards by threat: a higher threat pays more, a lower one less (the fair-start enemies
 * are 'Low' and pay that way too). Enemies rolled before threats existed pay as 'Even'. Low,
 * the default threat, pays 1.2 × the base (issue 24: rewards that buy something, level 5
 * within 20 minutes; docs/balance.md).
 */
export const THREAT_REWARD: Readonly<Record<Threat, number>> = { Low: 1.2, Even: 1.5, High: 2 };

/**
 * What a PvE battle pays (DESIGN §4 PvE). Victory: experience 20 + 10 × enemy level and credits
 * 10 + 15 × enemy level. Defeat pays a little, so a loss still moves the player forward while a
 * victory stays clearly better: experience 5 + 2 × enemy level and credits 5 + 3 × enemy level.
 * Both are multiplied by the threat's share (THREAT_REWARD) and rounded.
 */
export function pveRewards(result: 'victory' | 'defeat', enemyLevel: number, threat: Threat = 'Even'): Rewards {
  const base =
    result === 'victory'
      ? { experience: 20 + 10 * enemyLevel, credits: 10 + 15 * enemyLevel }
      : { experience: 5 + 2 * enemyLevel, credits: 5 + 3 * enemyLevel };
  const k = THREAT_REWARD[threat];
  return { experience: Math.round(base.experience * k), credits: Math.round(base.credits * k) };
}

/** The milestone of 10 levels crossed going from `before` to `after` (the highest), if any. */
export function levelMilestone(before: number, after: number): number | null {
  const crossed = Math.floor(after / 10) * 10;
  return crossed >= 10 && before < crossed ? crossed : null;
}

/** Milliseconds until the cooldown that started at `last` ends (0 when over or never started). */
export function cooldownRemainingMs(last: Date | null, now: Date, cooldownMs: number): number {
  if (!last) return 0;
  return Math.max(0, last.getTime() + cooldownMs - now.getTime());
}

/** The 429 text of a cooldown: it contains 'cooldown' and the time left. */
export function cooldownMessage(what: string, remainingMs: number): string {
  return `${what} is on cooldown. Try again in ${formatCooldown(remainingMs)}.`;
}
