import type { Rarity } from '@common/economy-api';
import { MATERIALS, materialById, type MaterialId } from './forge-sets';
import { mixSeed, type Rng } from './rng';

/**
 * Forge rules (DESIGN §4 Economy): PvE victories sometimes drop materials, rarer ones more
 * often against stronger enemies; forging consumes a set's materials and succeeds with
 * probability 0.75, drawn from a seeded generator.
 */

export const FORGE_SUCCESS_RATE = 0.75;
/** Chance that a victory drops anything at all. */
export const MATERIAL_DROP_CHANCE = 0.85;
export const MAX_DROPS_PER_VICTORY = 3;

export interface MaterialDrop {
  materialId: MaterialId;
  amount: number;
}

/** Relative drop weights of each rarity against an enemy of the given level. */
export function dropWeights(enemyLevel: number): Record<Rarity, number> {
  const l = Math.max(0, Math.trunc(enemyLevel) - 1);
  return {
    common: 55,
    uncommon: 30,
    rare: 8 + l,
    epic: 3 + 0.6 * l,
    legendary: 1 + 0.3 * l,
    mythic: 0.1 * l,
    divine: 0,
  };
}

function pickRarity(rng: Rng, weights: Record<Rarity, number>): Rarity {
  const entries = (Object.entries(weights) as [Rarity, number][]).filter(
    ([rarity, w]) => w > 0 && MATERIALS.some((m) => m.rarity === rarity),
  );
  const total = entries.reduce((sum, [, w]) => sum + w, 0);
  let roll = rng.next() * total;
  for (const [rarity, w] of entries) {
    roll -= w;
    if (roll < 0) return rarity;
  }
  return entries[entries.length - 1]![0];
}

/**
 * What one victory over an enemy of `enemyLevel` drops: nothing 15 % of the time, otherwise
 * one to three materials, merged by material (issue 24: forging is a steady source of gear
 * upgrades in the first hour, see docs/balance.md).
 */
export function rollMaterialDrops(rng: Rng, enemyLevel: number): MaterialDrop[] {
  if (!rng.chance(MATERIAL_DROP_CHANCE)) return [];
  const count = rng.int(1, MAX_DROPS_PER_VICTORY);
  const weights = dropWeights(enemyLevel);
  const drops = new Map<MaterialId, number>();
  for (let i = 0; i < count; i++) {
    const rarity = pickRarity(rng, weights);
    const material = rng.pick(MATERIALS.filter((m) => m.rarity === rarity));
    drops.set(material.id, (drops.get(material.id) ?? 0) + 1);
  }
  return [...drops].map(([materialId, amount]) => ({ materialId, amount }));
}

/** Salt that separates a victory's drop roll from the battle drawn from the same seed. */
const DROP_SEED_SALT = 0x6d617473;

/** The seed of a victory's drop roll, derived from the stored battle seed so drops replay too. */
export function victoryDropSeed(battleSeed: number): number {
  return mixSeed(battleSeed, DROP_SEED_SALT);
}

export interface ForgeOutcome {
  success: boolean;
}

/** One forging roll: success with probability FORGE_SUCCESS_RATE. */
export function forgeOutcome(rng: Rng): ForgeOutcome {
  return { success: rng.chance(FORGE_SUCCESS_RATE) };
}

export interface MissingMaterial {
  materialId: string;
  required: number;
  held: number;
}

/** The materials of `required` that `held` does not cover, in the order of `required`. */
export function missingMaterials(
  required: Readonly<Record<string, number | undefined>>,
  held: Readonly<Record<string, number | undefined>>,
): MissingMaterial[] {
  const missing: MissingMaterial[] = [];
  for (const [materialId, amount] of Object.entries(required)) {
    if (!amount || amount <= 0) continue;
    const have = Math.max(0, held[materialId] ?? 0);
    if (have < amount) missing.push({ materialId, required: amount, held: have });
  }
  return missing;
}

/** e.g. 'Not enough materials: need 4 Glitch Shard (have 1), 2 Void Pointer (have 0)'. */
export function notEnoughMaterialsMessage(missing: readonly MissingMaterial[]): string {
  const parts = missing.map((m) => `${m.required} ${materialById(m.materialId)?.name ?? m.materialId} (have ${m.held})`);
  return `Not enough materials: need ${parts.join(', ')}`;
}
