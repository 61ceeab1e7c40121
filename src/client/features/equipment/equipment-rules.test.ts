import { describe, expect, it } from 'vitest';
import { RARITIES, SLOTS } from '@common/gear';
import type { EquipmentItemView, OwnedEquipmentView } from '@common/economy-api';
import {
  DEFAULT_EQUIPMENT_TAB,
  RARITY_STYLES,
  initialTab,
  levelShortfall,
  priceLabel,
  purchaseState,
  rarityStyle,
  slotLabel,
  sortForSale,
  splitEquipment,
  statBonuses,
  sumStats,
} from './equipment-rules';

function item(over: Partial<EquipmentItemView> = {}): EquipmentItemView {
  return {
    id: 1,
    key: 'iron_sword',
    name: 'Iron Sword',
    slot: 'weapon',
    rarity: 'common',
    level: 1,
    description: 'A plain blade',
    price: 100,
    stats: { attack: 5, defense: 0, speed: 0, magic: 0 },
    setId: null,
    ...over,
  };
}

function owned(id: number, equipped: boolean, over: Partial<EquipmentItemView> = {}): OwnedEquipmentView {
  return { id, characterId: 7, equipped, equipment: item({ id: id * 10, ...over }) };
}

describe('rarity styles', () => {
  it('give every rarity its own colour', () => {
    const texts = RARITIES.map((r) => RARITY_STYLES[r].text);
    expect(new Set(texts).size).toBe(RARITIES.length);
    expect(RARITY_STYLES.divine.text).toBe('text-gold');
    expect(RARITY_STYLES.legendary.label).toBe('Legendary');
  });

  it('fall back to common for an unknown rarity', () => {
    expect(rarityStyle('cursed')).toBe(RARITY_STYLES.common);
  });
});

describe('slots', () => {
  it('have labels', () => {
    expect(SLOTS.map(slotLabel)).toEqual(['Weapon', 'Armor', 'Helmet', 'Boots', 'Gloves', 'Accessory']);
    expect(slotLabel('ring')).toBe('Ring');
  });
});

describe('statBonuses', () => {
  it('lists only non-zero stats, signed', () => {
    expect(statBonuses({ attack: 5, defense: 0, speed: -2, magic: 3 }).map((b) => b.short)).toEqual([
      '+5 ATK',
      '-2 SPD',
      '+3 MAG',
    ]);
    expect(statBonuses({ defense: 4 })[0]?.long).toBe('+4 Defense');
    expect(statBonuses(null)).toEqual([]);
  });

  it('adds pieces up', () => {
    expect(sumStats([item(), item({ stats: { attack: 1, defense: 2, speed: 3, magic: 4 } })])).toEqual({
      attack: 6,
      defense: 2,
      speed: 3,
      magic: 4,
    });
  });
});

describe('splitEquipment', () => {
  it('separates worn pieces (slot order) from the bag (best first)', () => {
    const list = [
      owned(1, false, { rarity: 'common', level: 1, name: 'A' }),
      owned(2, true, { slot: 'boots' }),
      owned(3, true, { slot: 'weapon' }),
      owned(4, false, { rarity: 'epic', level: 3, name: 'B' }),
    ];
    const { equipped, inventory, bySlot } = splitEquipment(list);
    expect(equipped.map((e) => e.id)).toEqual([3, 2]);
    expect(inventory.map((e) => e.id)).toEqual([4, 1]);
    expect(bySlot.weapon?.id).toBe(3);
    expect(bySlot.armor).toBeUndefined();
  });

  it('copes with no data', () => {
    expect(splitEquipment(undefined)).toEqual({ equipped: [], inventory: [], bySlot: {} });
  });
});

describe('levelShortfall', () => {
  it('names the level a piece above the fighter needs, and nothing at or past it', () => {
    expect(levelShortfall(item({ level: 5 }), 2)).toBe('Requires level 5');
    expect(levelShortfall(item({ level: 5 }), 5)).toBeNull();
    expect(levelShortfall(item({ level: 1 }), 9)).toBeNull();
  });
});

describe('purchaseState', () => {
  it('allows a purchase with the level and the credits', () => {
    expect(purchaseState(item({ price: 100, level: 2 }), { credits: 100, characterLevel: 2 })).toEqual({
      canBuy: true,
      reasons: [],
    });
  });

  it('names every reason it is blocked', () => {
    expect(purchaseState(item({ price: 1500, level: 5 }), { credits: 200, characterLevel: 3 })).toEqual({
      canBuy: false,
      reasons: ['Requires level 5', 'Need 1,300 more credits'],
    });
    expect(purchaseState(item({ price: 10 }), { credits: null, characterLevel: null }).reasons).toEqual([
      'Create a character first',
      'Need 10 more credits',
    ]);
  });
});

describe('marketplace helpers', () => {
  it('sorts by level, then price, then name', () => {
    const sorted = sortForSale([
      item({ id: 1, level: 2, price: 10, name: 'Z' }),
      item({ id: 2, level: 1, price: 50, name: 'B' }),
      item({ id: 3, level: 1, price: 50, name: 'A' }),
      item({ id: 4, level: 1, price: 20, name: 'C' }),
    ]);
    expect(sorted.map((i) => i.id)).toEqual([4, 3, 2, 1]);
  });

  it('labels prices', () => {
    expect(priceLabel(1250)).toBe('1,250 credits');
    expect(priceLabel(0)).toBe('Free');
  });
});

describe('initialTab', () => {
  it('prefers the hash, then the stored tab, then the default', () => {
    expect(initialTab('#skills', 'forge')).toBe('skills');
    expect(initialTab('#nonsense', 'forge')).toBe('forge');
    expect(initialTab('', 'bogus')).toBe(DEFAULT_EQUIPMENT_TAB);
    expect(initialTab(undefined, null)).toBe('equipment');
  });
});
