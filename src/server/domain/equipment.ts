import type { Stats } from '@common/characters';
import { STAT_KEYS, ZERO_STATS } from '@common/characters';
import type { Rarity, SetId, Slot } from '@common/economy-api';

/**
 * Equipment rules (DESIGN §4 Economy): what gear adds to a character, what it costs, and who
 * may wear it. Pure: the services load rows and call these.
 */

/** Stat budget of a piece relative to a common one of the same level. */
export const RARITY_POWER: Readonly<Record<Rarity, number>> = {
  common: 1,
  uncommon: 1.3,
  rare: 1.7,
  epic: 2.2,
  legendary: 2.8,
  mythic: 3.5,
  divine: 4.3,
};

/** Price of a piece relative to a common one of the same level. */
export const RARITY_PRICE: Readonly<Record<Rarity, number>> = {
  common: 1,
  uncommon: 1.5,
  rare: 2.2,
  epic: 3.2,
  legendary: 4.6,
  mythic: 6.5,
  divine: 9,
};

export const MIN_ITEM_LEVEL = 1;
export const MAX_ITEM_LEVEL = 50;

/** Total stat points a piece of this rarity and level grants (at least 2). */
export function statBudget(rarity: Rarity, level: number): number {
  return Math.max(2, Math.round((2.5 + 0.25 * level) * RARITY_POWER[rarity]));
}

/**
 * Shop price in credits, a multiple of 10: common level-1 pieces cost 180, so the 2,500
 * starting credits buy a full common set; mythic level-50 pieces cost tens of thousands.
 */
export function shopPrice(rarity: Rarity, level: number): number {
  return Math.round((80 + 100 * RARITY_PRICE[rarity] * level ** 1.15) / 10) * 10;
}

/**
 * Splits `budget` stat points over the stats in proportion to `weights` (largest remainder, so
 * the parts always add up to the budget exactly).
 */
export function distributeStats(budget: number, weights: Partial<Stats>): Stats {
  const total = STAT_KEYS.reduce((sum, key) => sum + Math.max(0, weights[key] ?? 0), 0);
  if (!Number.isInteger(budget) || budget < 0) throw new RangeError(`Bad stat budget ${budget}`);
  if (total <= 0) throw new RangeError('At least one stat needs a positive weight');
  const stats = { ...ZERO_STATS };
  const remainders: { key: (typeof STAT_KEYS)[number]; rest: number }[] = [];
  let given = 0;
  for (const key of STAT_KEYS) {
    const exact = (budget * Math.max(0, weights[key] ?? 0)) / total;
    stats[key] = Math.floor(exact);
    given += stats[key];
    remainders.push({ key, rest: exact - stats[key] });
  }
  remainders.sort((a, b) => b.rest - a.rest);
  for (let i = 0; given < budget; i++, given++) stats[remainders[i % remainders.length]!.key] += 1;
  return stats;
}

/** What an equipped piece contributes: its own stats and the set it counts towards. */
export interface WornPiece {
  stats: Partial<Stats>;
  setId: SetId | null;
}

/** Cumulative bonus of wearing `pieces` pieces of one set (tiers at 2, 4 and 6). */
export type SetBonusFn = (setId: SetId, pieces: number) => Partial<Stats>;

/** How many equipped pieces of each set are worn. */
export function setPieceCounts(worn: readonly WornPiece[]): Map<SetId, number> {
  const counts = new Map<SetId, number>();
  for (const piece of worn) {
    if (piece.setId) counts.set(piece.setId, (counts.get(piece.setId) ?? 0) + 1);
  }
  return counts;
}

/** Sum of the equipped pieces' stats plus the bonus of every set they belong to. */
export function gearBonus(worn: readonly WornPiece[], setBonuses: SetBonusFn): Stats {
  const sum = { ...ZERO_STATS };
  const add = (part: Partial<Stats>) => {
    for (const key of STAT_KEYS) sum[key] += part[key] ?? 0;
  };
  for (const piece of worn) add(piece.stats);
  for (const [setId, pieces] of setPieceCounts(worn)) add(setBonuses(setId, pieces));
  return sum;
}

export const EQUIPMENT_MESSAGES = {
  purchased: 'Equipment purchased successfully!',
  equipped: 'Equipment equipped successfully!',
  itemNotFound: 'Equipment not found',
  entryNotFound: "That piece is not in this character's inventory",
  forgeOnly: 'This piece can only be made at the forge',
  noCharacter: 'Create a character first',
} as const;

export function levelRequirementMessage(level: number): string {
  return `Requires level ${level}`;
}

export function slotMismatchMessage(slot: Slot): string {
  return `That item does not fit the ${slot} slot`;
}

/** Why a character of `characterLevel` may not wear (or buy) a piece for `itemLevel`, if so. */
export function levelProblem(characterLevel: number, itemLevel: number): string | null {
  return characterLevel >= itemLevel ? null : levelRequirementMessage(itemLevel);
}
