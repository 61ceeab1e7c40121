import type { ClassId, Stats } from '@common/characters';
import { ZERO_STATS } from '@common/characters';

/**
 * Class curves and battle traits (DESIGN §4: growth matches each class's description).
 * A stat at level L is base + floor(growth × (L − 1)) + points the player allocated.
 * Growth keeps each class's shape as it levels. The numbers (with the skill catalogue) are
 * tuned with `npm run balance`, which fights the loadouts players typically have at levels 1,
 * 5, 10, 20 and 30 (gear, skills, spent points): no class beats another of the same level in
 * more than 55 % of battles (docs/balance.md).
 *
 * Traits: warriors wear armour (damageTaken); tanks rely on the highest defense; mages cast
 * magic-based spells that pierce defense and take away much of the target's dodge; rogues are
 * the most agile (dodge); assassins crit often and hard; berserkers hit harder the more they
 * are hurt (fury). Rogues and assassins share the top speed and act first most often.
 */
export interface ClassTraits {
  /** The stat the class's basic attack scales with. */
  power: 'attack' | 'magic';
  critChance: number;
  critMultiplier: number;
  /** Added to the chance of dodging an incoming attack. */
  dodgeBonus: number;
  /** Multiplies damage taken (below 1 = armour). */
  damageTaken: number;
  /** Share of the defender's defense that the class's own attacks ignore. */
  pierce: number;
  /** Extra damage at 0 HP, scaling linearly from none at full HP. */
  fury: number;
  /** The class's attacks cannot be dodged. */
  sureHit: boolean;
  /** Share of the target's dodge chance the class's attacks take away (0..1). */
  accuracy: number;
}

export interface ClassProfile {
  base: Stats;
  growth: Stats;
  traits: ClassTraits;
}

const plain: ClassTraits = {
  power: 'attack',
  critChance: 0.08,
  critMultiplier: 1.6,
  dodgeBonus: 0,
  damageTaken: 1,
  pierce: 0,
  fury: 0,
  sureHit: false,
  accuracy: 0,
};

export const CLASS_PROFILES: Record<ClassId, ClassProfile> = {
  warrior: {
    base: { attack: 28, defense: 22, speed: 16, magic: 6 },
    growth: { attack: 2.94, defense: 2.35, speed: 1.21, magic: 0.6 },
    traits: { ...plain, damageTaken: 0.94 },
  },
  mage: {
    base: { attack: 8, defense: 19, speed: 18, magic: 27 },
    growth: { attack: 0.8, defense: 1.76, speed: 1.53, magic: 2.81 },
    traits: { ...plain, power: 'magic', pierce: 0.23, accuracy: 0.25 },
  },
  rogue: {
    base: { attack: 26, defense: 17, speed: 24, magic: 8 },
    growth: { attack: 3.14, defense: 1.63, speed: 2.56, magic: 0.8 },
    traits: { ...plain, critChance: 0.15, dodgeBonus: 0.1 },
  },
  tank: {
    base: { attack: 19, defense: 37, speed: 14, magic: 6 },
    growth: { attack: 1.97, defense: 4.12, speed: 1.85, magic: 0.6 },
    traits: plain,
  },
  assassin: {
    base: { attack: 23, defense: 15, speed: 24, magic: 8 },
    growth: { attack: 2.14, defense: 1.57, speed: 2.57, magic: 0.8 },
    traits: { ...plain, critChance: 0.4, critMultiplier: 1.9 },
  },
  berserker: {
    base: { attack: 32, defense: 15, speed: 14, magic: 4 },
    growth: { attack: 3.25, defense: 1.43, speed: 1.77, magic: 0.4 },
    traits: { ...plain, fury: 0.59 },
  },
};

/**
 * The battle traits as they were before the loadout balance (issue 16). A fighter snapshot
 * without `tuning` was stored with these, so stored battles replay exactly as they were fought.
 */
const FIRST_TRAITS: Record<ClassId, ClassTraits> = {
  warrior: { ...plain, damageTaken: 0.95 },
  mage: { ...plain, power: 'magic', pierce: 0.22, sureHit: true },
  rogue: { ...plain, critChance: 0.15, dodgeBonus: 0.1 },
  tank: { ...plain, damageTaken: 0.97 },
  assassin: { ...plain, critChance: 0.37, critMultiplier: 1.9 },
  berserker: { ...plain, fury: 0.55 },
};

/** The trait table new fighters fight with (`Fighter.tuning`); absent means the first one. */
export const CURRENT_TUNING = 2;

/** A class's battle traits, for a fighter of `tuning` (absent: stored before tunings were numbered). */
export function classTraits(classId: ClassId, tuning?: number): ClassTraits {
  return tuning === undefined || tuning < CURRENT_TUNING ? FIRST_TRAITS[classId] : CLASS_PROFILES[classId].traits;
}

/** A character's own stats at a level, plus any points the player allocated. */
export function statsAtLevel(classId: ClassId, level: number, allocated: Stats = ZERO_STATS): Stats {
  if (!Number.isInteger(level) || level < 1) throw new RangeError(`Bad level ${level}`);
  const { base, growth } = CLASS_PROFILES[classId];
  const at = (key: keyof Stats) => base[key] + Math.floor(growth[key] * (level - 1)) + allocated[key];
  return { attack: at('attack'), defense: at('defense'), speed: at('speed'), magic: at('magic') };
}
