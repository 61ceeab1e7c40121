import type { ClassId, Stats } from '@common/characters';
import { CLASS_IDS } from '@common/characters';
import { statsAtLevel } from './classes';
import type { Rng } from './rng';

/** PvE enemies: rolled around the player's level (DESIGN §4 PvE, SPEC §3 Enemy). */
export interface Enemy {
  name: string;
  class: ClassId;
  level: number;
  stats: Stats;
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

/** An enemy of a random class at `aroundLevel` ± 1 (never below 1), with its class's stats. */
export function rollEnemy(rng: Rng, aroundLevel: number): Enemy {
  if (!Number.isInteger(aroundLevel)) throw new RangeError(`Bad level ${aroundLevel}`);
  const level = Math.max(1, aroundLevel + rng.int(-1, 1));
  const classId = rng.pick(CLASS_IDS);
  return { name: rng.pick(ENEMY_NAMES[classId]), class: classId, level, stats: statsAtLevel(classId, level) };
}
