import type { ClassId, Stats } from '@common/characters';
import { CLASS_IDS, powerLevel } from '@common/characters';
import { DEFAULT_THREAT, FAIR_START_BATTLES, type Threat } from '@common/game-api';
import type { Fighter } from './battle';
import { CURRENT_TUNING, statsAtLevel } from './classes';
import type { Rng } from './rng';

/**
 * PvE enemies (DESIGN §4 PvE, SPEC §3 Enemy): tuned gentle ones for a character's first
 * battles, then matched to the fighter's power at the threat the player picks.
 */
export interface Enemy {
  name: string;
  class: ClassId;
  level: number;
  stats: Stats;
  /** How it compares with the fighter it was rolled for (absent on enemies rolled before threats). */
  threat?: Threat;
  /** Whether the player asked for the threat (false: the default or the fair start chose it). */
  threatPicked?: boolean;
}

export const ENEMY_NAMES: Record<ClassId, readonly string[]> = {
  warrior: [
    'Corrupted Paladin',
    'Bitflip Knight',
    'Glitched Gladiator',
    'Kernel Panic Crusader',
    'Stack Trace Sentinel',
  ],
  mage: [
    'Null Pointer Mage',
    'Recursive Sorcerer',
    'Undefined Warlock',
    'Memory Leak Witch',
    'Syntax Error Sage',
  ],
  rogue: [
    'Packet Loss Rogue',
    'Race Condition Thief',
    'Cache Miss Bandit',
    'Dangling Ref Cutpurse',
    'Lag Spike Prowler',
  ],
  tank: [
    'Firewall Golem',
    'Deadlock Colossus',
    'Checksum Bulwark',
    'Mainframe Juggernaut',
    'Legacy Code Titan',
  ],
  assassin: [
    'Segfault Stalker',
    'Zero Day Shade',
    'Rootkit Phantom',
    'Buffer Overrun Blade',
    'Backdoor Reaper',
  ],
  berserker: [
    'Overflow Berserker',
    'Infinite Loop Brute',
    'Blue Screen Ravager',
    'Fork Bomb Maniac',
    'Core Dump Savage',
  ],
};

/** How an enemy compares with the fighter (`GET /api/enemy?threat=`). */
export const THREATS = ['Low', 'Even', 'High'] as const satisfies readonly Threat[];

export { DEFAULT_THREAT } from '@common/game-api';

/** The enemy's power as a share of the fighter's, by the threat the player picks. */
export const THREAT_POWER: Readonly<Record<Threat, number>> = { Low: 0.94, Even: 1, High: 1.15 };
/**
 * Per class of the fighter, a share applied to the power of every enemy rolled for it. Power
 * (the stat total) is not worth the same in every class's hands against the enemies' bare class
 * curves: without this, at one threat a berserker won 72 % of its battles and a tank 37 %
 * (issue 24). Tuned with `npm run balance` (the session simulation) so every class wins about
 * as often at each threat.
 */
export const CLASS_ENEMY_POWER: Readonly<Record<ClassId, number>> = {
  warrior: 1.005,
  mage: 1.01,
  rogue: 0.974,
  tank: 0.935,
  assassin: 1.03,
  berserker: 1.11,
};

/** Enemy level relative to the fighter's, by threat (what the enemy panel shows). */
const THREAT_LEVEL_OFFSET: Readonly<Record<Threat, number>> = { Low: 0, Even: 0, High: 1 };

export { FAIR_START_BATTLES } from '@common/game-api';
/**
 * Fair-start enemy power as a share of the fighter's, battle by battle: the first fight is
 * gentle and the fifth is close to an even one. Tuned with `npm run balance` so a fresh fighter
 * of every class, with no gear, wins 60-85 % of its first five fights.
 */
export const FAIR_START_POWER: readonly number[] = [0.5, 0.77, 0.87, 0.93, 0.97];

/**
 * How much an active or ultimate skill is worth in stat power: the average extra damage it
 * deals per own turn (used every cooldown + 1 turns), turned into the stat scale that gives the
 * same edge (damage grows with power^0.6 and HP with defense, so stats count about 1.2 times).
 */
const ABILITY_POWER_EXPONENT = 1 / 1.2;

/** A fighter's battle power: its stat total, raised for the skills it can use in battle. */
export function fighterPower(fighter: Pick<Fighter, 'stats' | 'abilities'>): number {
  const extra = (fighter.abilities ?? []).reduce(
    (sum, ability) => sum + Math.max(0, ability.damageMultiplier - 1) / (ability.cooldownTurns + 1),
    0,
  );
  return powerLevel(fighter.stats) * (1 + extra) ** ABILITY_POWER_EXPONENT;
}

/** The threat an enemy of `enemyPower` makes for a fighter of `fighterPower`. */
export function threatOf(enemyPower: number, power: number): Threat {
  const ratio = enemyPower / Math.max(1, power);
  if (ratio < 0.93) return 'Low';
  if (ratio > 1.07) return 'High';
  return 'Even';
}

/** A class's stats at a level, scaled so their total is `power` (every stat at least 1). */
export function statsWithPower(classId: ClassId, level: number, power: number): Stats {
  const base = statsAtLevel(classId, level);
  const k = power / powerLevel(base);
  const scale = (x: number) => Math.max(1, Math.round(x * k));
  return { attack: scale(base.attack), defense: scale(base.defense), speed: scale(base.speed), magic: scale(base.magic) };
}

/** What the generator needs to know about the fighter an enemy is rolled for. */
export interface EnemyTarget {
  fighter: Pick<Fighter, 'level' | 'stats' | 'abilities'> & { class?: ClassId };
  /** wins + losses so far. */
  battles: number;
}

/**
 * The enemy for a fighter: during the fair start (first FAIR_START_BATTLES battles) a tuned,
 * weaker enemy whatever threat was asked for; after it, an enemy of a random class whose power
 * matches the fighter's power (gear, points and skills included) times the threat's share.
 */
export function enemyFor(rng: Rng, { fighter, battles }: EnemyTarget, threat: Threat = DEFAULT_THREAT): Enemy {
  const power = fighterPower(fighter) * (fighter.class ? CLASS_ENEMY_POWER[fighter.class] : 1);
  const classId = rng.pick(CLASS_IDS);
  const name = rng.pick(ENEMY_NAMES[classId]);
  if (battles < FAIR_START_BATTLES) {
    const share = FAIR_START_POWER[Math.max(0, battles)] ?? 1;
    const stats = statsWithPower(classId, fighter.level, power * share);
    return { name, class: classId, level: fighter.level, stats, threat: threatOf(share, 1) };
  }
  const level = Math.max(1, fighter.level + THREAT_LEVEL_OFFSET[threat]);
  return { name, class: classId, level, stats: statsWithPower(classId, level, power * THREAT_POWER[threat]), threat };
}

/** The enemy as the battle engine sees it: no skills, the current class traits. */
export function enemyFighter(enemy: Enemy): Fighter {
  return { name: enemy.name, class: enemy.class, level: enemy.level, stats: enemy.stats, abilities: [], tuning: CURRENT_TUNING };
}
