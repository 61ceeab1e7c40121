import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { STAT_KEYS, powerLevel, type Stats } from '@common/characters';
import { RARITIES, SET_IDS, SLOTS, type SetId } from '@common/economy-api';
import {
  MAX_ITEM_LEVEL,
  MIN_ITEM_LEVEL,
  RARITY_POWER,
  distributeStats,
  gearBonus,
  levelProblem,
  setPieceCounts,
  shopPrice,
  slotMismatchMessage,
  statBudget,
} from './equipment';
import { EQUIPMENT_CATALOGUE, FORGED_ITEMS, SHOP_ITEMS, forgedPieceKey } from './equipment-catalogue-data';
import { EQUIPMENT_SETS, setBonusStats } from './forge-sets';

const BUYABLE_RARITIES = RARITIES.filter((r) => r !== 'divine');

describe('distributeStats', () => {
  it('splits the budget by weight and always adds up to it exactly', () => {
    expect(distributeStats(10, { attack: 1 })).toEqual({ attack: 10, defense: 0, speed: 0, magic: 0 });
    expect(distributeStats(9, { attack: 2, speed: 1 })).toEqual({ attack: 6, defense: 0, speed: 3, magic: 0 });
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 500 }),
        fc.record({ attack: fc.nat(9), defense: fc.nat(9), speed: fc.nat(9), magic: fc.nat(9) }),
        (budget, weights) => {
          fc.pre(powerLevel(weights) > 0);
          const stats = distributeStats(budget, weights);
          expect(powerLevel(stats)).toBe(budget);
          for (const key of STAT_KEYS) {
            if (weights[key] === 0) expect(stats[key]).toBe(0);
            expect(stats[key]).toBeGreaterThanOrEqual(0);
          }
        },
      ),
    );
  });

  it('refuses a negative budget or no positive weight', () => {
    expect(() => distributeStats(-1, { attack: 1 })).toThrow(RangeError);
    expect(() => distributeStats(5, {})).toThrow(RangeError);
  });
});

describe('statBudget and shopPrice', () => {
  it('grow with level and with rarity', () => {
    for (const rarity of RARITIES) {
      for (let level = MIN_ITEM_LEVEL; level < MAX_ITEM_LEVEL; level++) {
        expect(statBudget(rarity, level + 1)).toBeGreaterThanOrEqual(statBudget(rarity, level));
        expect(shopPrice(rarity, level + 1)).toBeGreaterThan(shopPrice(rarity, level));
      }
    }
    for (let i = 1; i < RARITIES.length; i++) {
      const [lower, higher] = [RARITIES[i - 1]!, RARITIES[i]!];
      expect(RARITY_POWER[higher]).toBeGreaterThan(RARITY_POWER[lower]);
      expect(statBudget(higher, 30)).toBeGreaterThan(statBudget(lower, 30));
      expect(shopPrice(higher, 10)).toBeGreaterThan(shopPrice(lower, 10));
    }
  });

  it('keeps starter pieces affordable from the 2,500 starting credits', () => {
    expect(shopPrice('common', 1)).toBeGreaterThanOrEqual(100);
    expect(shopPrice('common', 1)).toBeLessThanOrEqual(300);
    expect(shopPrice('common', 1) * SLOTS.length).toBeLessThanOrEqual(2500);
    expect(shopPrice('common', 7) % 10).toBe(0);
  });
});

describe('gearBonus', () => {
  const piece = (stats: Partial<Stats>, setId: SetId | null = null) => ({ stats, setId });

  it('is zero without gear', () => {
    expect(gearBonus([], () => ({ attack: 99 }))).toEqual({ attack: 0, defense: 0, speed: 0, magic: 0 });
  });

  it('sums the stats of the pieces worn', () => {
    const worn = [piece({ attack: 3 }), piece({ defense: 4, magic: 1 }), piece({ attack: 2, speed: 5 })];
    expect(gearBonus(worn, () => ({}))).toEqual({ attack: 5, defense: 4, speed: 5, magic: 1 });
  });

  it('adds each set bonus once, for the number of pieces of that set', () => {
    const calls: [SetId, number][] = [];
    const bonuses = (setId: SetId, pieces: number): Partial<Stats> => {
      calls.push([setId, pieces]);
      return pieces >= 2 ? { magic: 10 * pieces } : {};
    };
    const worn = [
      piece({ attack: 1 }, 'dragon_lord'),
      piece({ attack: 1 }, 'dragon_lord'),
      piece({ attack: 1 }, 'dragon_lord'),
      piece({ speed: 1 }, 'void_walker'),
      piece({ defense: 1 }),
    ];
    expect(gearBonus(worn, bonuses)).toEqual({ attack: 3, defense: 1, speed: 1, magic: 30 });
    expect(calls.sort()).toEqual([
      ['dragon_lord', 3],
      ['void_walker', 1],
    ]);
    expect(setPieceCounts(worn)).toEqual(
      new Map([
        ['dragon_lord', 3],
        ['void_walker', 1],
      ]),
    );
  });

  it('works with the forge set bonuses: 2, 4 and 6 pieces reach the tiers cumulatively', () => {
    const set = EQUIPMENT_SETS.stellar_champion;
    const wear = (n: number) => Array.from({ length: n }, () => piece({}, 'stellar_champion'));
    const sum = (...parts: Partial<Stats>[]) => gearBonus(parts.map((p) => piece(p)), () => ({}));
    expect(gearBonus(wear(1), setBonusStats)).toEqual(sum());
    expect(gearBonus(wear(2), setBonusStats)).toEqual(sum(set.bonuses[2].stats));
    expect(gearBonus(wear(3), setBonusStats)).toEqual(sum(set.bonuses[2].stats));
    expect(gearBonus(wear(4), setBonusStats)).toEqual(sum(set.bonuses[2].stats, set.bonuses[4].stats));
    expect(gearBonus(wear(6), setBonusStats)).toEqual(sum(set.bonuses[2].stats, set.bonuses[4].stats, set.bonuses[6].stats));
  });
});

describe('level and slot rules', () => {
  it('needs the level of the piece', () => {
    expect(levelProblem(5, 5)).toBeNull();
    expect(levelProblem(9, 5)).toBeNull();
    expect(levelProblem(4, 5)).toBe('Requires level 5');
    expect(slotMismatchMessage('boots')).toBe('That item does not fit the boots slot');
  });
});

describe('the catalogue data', () => {
  it('sells at least 36 pieces covering every slot and every rarity from common to mythic', () => {
    expect(SHOP_ITEMS.length).toBeGreaterThanOrEqual(36);
    for (const slot of SLOTS) {
      for (const rarity of BUYABLE_RARITIES) {
        expect(SHOP_ITEMS.some((i) => i.slot === slot && i.rarity === rarity), `${slot} ${rarity}`).toBe(true);
      }
    }
    for (const item of SHOP_ITEMS) {
      expect(item.price).toBeGreaterThan(0);
      expect(item.setId).toBeNull();
      expect(item.level).toBeGreaterThanOrEqual(MIN_ITEM_LEVEL);
      expect(item.level).toBeLessThanOrEqual(MAX_ITEM_LEVEL);
    }
    expect(Math.min(...SHOP_ITEMS.map((i) => i.level))).toBe(1);
    expect(Math.max(...SHOP_ITEMS.map((i) => i.level))).toBe(50);
  });

  it('lets a new player buy a level-1 piece for every slot', () => {
    for (const slot of SLOTS) {
      const starter = SHOP_ITEMS.find((i) => i.slot === slot && i.level === 1);
      expect(starter?.rarity, slot).toBe('common');
      expect(starter!.price).toBeLessThanOrEqual(300);
    }
  });

  it('makes better pieces of a slot stronger and dearer', () => {
    for (const slot of SLOTS) {
      const ladder = SHOP_ITEMS.filter((i) => i.slot === slot).sort((a, b) => a.level - b.level || a.price - b.price);
      for (let i = 1; i < ladder.length; i++) {
        expect(ladder[i]!.price).toBeGreaterThan(ladder[i - 1]!.price);
        expect(powerLevel(ladder[i]!.stats)).toBeGreaterThanOrEqual(powerLevel(ladder[i - 1]!.stats));
      }
    }
  });

  it('has one forge-only piece per set and slot, with the set rarity and level 5 or more', () => {
    expect(FORGED_ITEMS).toHaveLength(SET_IDS.length * SLOTS.length);
    for (const setId of SET_IDS) {
      for (const slot of SLOTS) {
        const piece = FORGED_ITEMS.find((i) => i.key === forgedPieceKey(setId, slot));
        expect(piece, `${setId} ${slot}`).toMatchObject({ slot, setId, price: 0, rarity: EQUIPMENT_SETS[setId].rarity });
        expect(piece!.level).toBeGreaterThanOrEqual(5);
        expect(powerLevel(piece!.stats)).toBe(statBudget(piece!.rarity, piece!.level));
      }
    }
    expect(forgedPieceKey('dragon_lord', 'weapon')).toBe('forged_dragon_lord_weapon');
  });

  it('uses unique keys and names, and complete stats', () => {
    expect(new Set(EQUIPMENT_CATALOGUE.map((i) => i.key)).size).toBe(EQUIPMENT_CATALOGUE.length);
    expect(new Set(EQUIPMENT_CATALOGUE.map((i) => i.name)).size).toBe(EQUIPMENT_CATALOGUE.length);
    for (const item of EQUIPMENT_CATALOGUE) {
      expect(Object.keys(item.stats).sort()).toEqual([...STAT_KEYS].sort());
      expect(powerLevel(item.stats)).toBeGreaterThan(0);
      expect(item.description.length).toBeGreaterThan(0);
      expect(item.key).toMatch(/^[a-z0-9_]+$/);
    }
  });
});
