import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RARITIES, SET_IDS } from '@common/economy-api';
import {
  MATERIAL_DROP_CHANCE,
  MAX_DROPS_PER_VICTORY,
  dropWeights,
  forgeOutcome,
  missingMaterials,
  notEnoughMaterialsMessage,
  rollMaterialDrops,
  victoryDropSeed,
} from './forge';
import { EQUIPMENT_SETS, EQUIPMENT_SET_LIST, MATERIALS, SET_BONUS_TIERS, materialById, setBonusStats } from './forge-sets';
import { createRng } from './rng';
import { SKILL_CATALOGUE } from './skill-catalogue-data';

describe('forging roll', () => {
  it('succeeds with probability 0.75 over 10,000 seeds (within ±2 %)', () => {
    let successes = 0;
    for (let seed = 0; seed < 10_000; seed++) if (forgeOutcome(createRng(seed)).success) successes++;
    expect(Math.abs(successes / 10_000 - 0.75)).toBeLessThanOrEqual(0.02);
  });

  it('is decided by the seed alone', () => {
    fc.assert(fc.property(fc.integer(), (seed) => forgeOutcome(createRng(seed)).success === forgeOutcome(createRng(seed)).success));
  });
});

describe('material drops', () => {
  it('drop something about 85 % of the time, one to three known materials', () => {
    let dropped = 0;
    const bad: unknown[] = [];
    for (let seed = 0; seed < 10_000; seed++) {
      const drops = rollMaterialDrops(createRng(seed), 5);
      if (drops.length > 0) dropped++;
      const total = drops.reduce((sum, d) => sum + d.amount, 0);
      const known = drops.every((d) => materialById(d.materialId) && d.amount > 0);
      const merged = new Set(drops.map((d) => d.materialId)).size === drops.length;
      if (total > MAX_DROPS_PER_VICTORY || !known || !merged) bad.push({ seed, drops });
    }
    expect(bad).toEqual([]);
    expect(Math.abs(dropped / 10_000 - MATERIAL_DROP_CHANCE)).toBeLessThanOrEqual(0.02);
  });

  it('favour rarer materials against stronger enemies', () => {
    const rareShare = (level: number) => {
      let rare = 0;
      let all = 0;
      for (let seed = 0; seed < 5_000; seed++) {
        for (const d of rollMaterialDrops(createRng(seed), level)) {
          const rarity = materialById(d.materialId)!.rarity;
          all += d.amount;
          if (RARITIES.indexOf(rarity) >= RARITIES.indexOf('rare')) rare += d.amount;
        }
      }
      return rare / all;
    };
    expect(rareShare(30)).toBeGreaterThan(rareShare(1) + 0.1);
  });

  it('never drop mythic materials at level 1 but can at high levels', () => {
    expect(dropWeights(1).mythic).toBe(0);
    expect(dropWeights(40).mythic).toBeGreaterThan(0);
    const mythicAt = (level: number) =>
      Array.from({ length: 20_000 }, (_, seed) => rollMaterialDrops(createRng(seed), level)).some((drops) =>
        drops.some((d) => materialById(d.materialId)!.rarity === 'mythic'),
      );
    expect(mythicAt(1)).toBe(false);
    expect(mythicAt(40)).toBe(true);
  });

  it('derive their roll from the battle seed, apart from the battle itself', () => {
    fc.assert(
      fc.property(fc.nat(2 ** 31 - 2), (seed) => {
        expect(victoryDropSeed(seed)).toBe(victoryDropSeed(seed));
        expect(rollMaterialDrops(createRng(victoryDropSeed(seed)), 7)).toEqual(rollMaterialDrops(createRng(victoryDropSeed(seed)), 7));
      }),
    );
    expect(new Set(Array.from({ length: 1000 }, (_, s) => victoryDropSeed(s))).size).toBe(1000);
    expect(victoryDropSeed(42)).not.toBe(42);
  });

  it('weights grow with the enemy level for every rarity from rare up', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 200 }), (level) => {
        const low = dropWeights(level);
        const high = dropWeights(level + 1);
        for (const rarity of ['rare', 'epic', 'legendary', 'mythic'] as const) expect(high[rarity]).toBeGreaterThanOrEqual(low[rarity]);
        expect(high.common).toBe(low.common);
      }),
    );
  });
});

describe('missing materials', () => {
  it('lists exactly what is short', () => {
    expect(missingMaterials({ glitch_shard: 4, void_pointer: 2 }, { glitch_shard: 1 })).toEqual([
      { materialId: 'glitch_shard', required: 4, held: 1 },
      { materialId: 'void_pointer', required: 2, held: 0 },
    ]);
    expect(missingMaterials({ glitch_shard: 4 }, { glitch_shard: 4, void_pointer: 9 })).toEqual([]);
    expect(missingMaterials({}, {})).toEqual([]);
  });

  it('names the materials in the message', () => {
    const missing = missingMaterials({ glitch_shard: 3, null_essence: 2 }, { null_essence: 1 });
    expect(notEnoughMaterialsMessage(missing)).toBe(
      'Not enough materials: need 3 Glitch Shard (have 0), 2 Null Essence (have 1)',
    );
  });

  it('is empty exactly when every requirement is held', () => {
    const amounts = fc.dictionary(fc.constantFrom(...MATERIALS.map((m) => m.id)), fc.integer({ min: 0, max: 9 }));
    fc.assert(
      fc.property(amounts, amounts, (required, held) => {
        const covered = Object.entries(required).every(([id, n]) => n <= (held[id] ?? 0));
        expect(missingMaterials(required, held).length === 0).toBe(covered);
      }),
    );
  });
});

describe('set catalogue', () => {
  it('has the 16 SPEC sets with 2/4/6 bonuses and 2-3 known materials in amounts 2-6', () => {
    expect(EQUIPMENT_SET_LIST.map((s) => s.id)).toEqual([...SET_IDS]);
    for (const set of EQUIPMENT_SET_LIST) {
      expect(set.name.length).toBeGreaterThan(0);
      expect(set.description.length).toBeGreaterThan(0);
      for (const tier of [2, 4, 6] as const) {
        expect(set.bonuses[tier].effect).toMatch(/: \+\d+ /);
        expect(Object.values(set.bonuses[tier].stats).every((v) => v! > 0)).toBe(true);
      }
      const required = Object.entries(set.requiredMaterials);
      expect(required.length).toBeGreaterThanOrEqual(2);
      expect(required.length).toBeLessThanOrEqual(3);
      for (const [id, amount] of required) {
        expect(materialById(id)).toBeDefined();
        expect(amount).toBeGreaterThanOrEqual(2);
        expect(amount).toBeLessThanOrEqual(6);
      }
    }
    expect(EQUIPMENT_SETS.forge_master.rarity).toBe('divine');
    const rarities = EQUIPMENT_SET_LIST.map((s) => s.rarity);
    expect(rarities.filter((r) => r === 'mythic').length).toBeGreaterThan(0);
    expect(rarities.filter((r) => r === 'epic' || r === 'legendary').length).toBeGreaterThan(8);
  });

  it("names no bonus after a skill: a player reading 'Stack Overflow' should know which one is meant", () => {
    const skills = new Set(SKILL_CATALOGUE.map((skill) => skill.name));
    const bonuses = EQUIPMENT_SET_LIST.flatMap((set) => SET_BONUS_TIERS.map((tier) => set.bonuses[tier].effect.split(':')[0]!));
    expect(bonuses.filter((name) => skills.has(name))).toEqual([]);
    expect(new Set(bonuses).size).toBe(bonuses.length);
  });

  it('has about ten materials of several rarities, every one used by some set', () => {
    expect(MATERIALS.length).toBeGreaterThanOrEqual(8);
    expect(new Set(MATERIALS.map((m) => m.rarity)).size).toBeGreaterThanOrEqual(4);
    for (const m of MATERIALS) {
      expect(EQUIPMENT_SET_LIST.some((s) => m.id in s.requiredMaterials)).toBe(true);
    }
  });

  it('adds set bonuses cumulatively at 2, 4 and 6 pieces', () => {
    const set = EQUIPMENT_SETS.dragon_lord;
    expect(setBonusStats('dragon_lord', 0)).toEqual({});
    expect(setBonusStats('dragon_lord', 1)).toEqual({});
    expect(setBonusStats('dragon_lord', 2)).toEqual(set.bonuses[2].stats);
    expect(setBonusStats('dragon_lord', 3)).toEqual(set.bonuses[2].stats);
    expect(setBonusStats('dragon_lord', 4)).toEqual({ attack: 6, defense: 10 });
    expect(setBonusStats('dragon_lord', 6)).toEqual({ attack: 18, defense: 18 });
    expect(setBonusStats('dragon_lord', 9)).toEqual(setBonusStats('dragon_lord', 6));
  });
});
