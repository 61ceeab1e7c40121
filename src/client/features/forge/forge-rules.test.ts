import { describe, expect, it } from 'vitest';
import { formatCredits } from '@common/constants';
import type { MaterialView } from '@common/economy-api';
import {
  forgeResultToast,
  forgeSelectionError,
  forgeableSets,
  hasAllMaterials,
  isEquipmentQueryKey,
  materialRequirements,
  requirementLabel,
  styleCardInfo,
  styleCostText,
  styleShortfallText,
  titleFromId,
} from './forge-rules';

const material = (id: string, amount: number, name = titleFromId(id)): MaterialView => ({
  id,
  name,
  rarity: 'common',
  description: '',
  amount,
});

describe('forgeableSets', () => {
  it("drops the 'none' placeholder and keeps order", () => {
    expect(forgeableSets([{ id: 'none' }, { id: 'dragon_lord' }, { id: 'void_walker' }]).map((s) => s.id)).toEqual([
      'dragon_lord',
      'void_walker',
    ]);
  });
});

describe('materialRequirements', () => {
  const materials = [material('glitch_shard', 3, 'Glitch Shard'), material('null_essence', 1, 'Null Essence')];

  it('sets each needed amount against what the player holds', () => {
    const rows = materialRequirements({ requiredMaterials: { glitch_shard: 2, null_essence: 2 } }, materials);
    expect(rows).toEqual([
      { id: 'glitch_shard', name: 'Glitch Shard', rarity: 'common', need: 2, have: 3, enough: true },
      { id: 'null_essence', name: 'Null Essence', rarity: 'common', need: 2, have: 1, enough: false },
    ]);
    expect(hasAllMaterials(rows)).toBe(false);
  });

  it('counts an exact amount as enough', () => {
    const rows = materialRequirements({ requiredMaterials: { glitch_shard: 3 } }, materials);
    expect(rows[0]?.enough).toBe(true);
    expect(hasAllMaterials(rows)).toBe(true);
  });

  it('treats a material the player never found as 0 held, named from its id', () => {
    const rows = materialRequirements({ requiredMaterials: { dragon_scale: 1 } }, materials);
    expect(rows).toEqual([{ id: 'dragon_scale', name: 'Dragon Scale', rarity: null, need: 1, have: 0, enough: false }]);
  });

  it('ignores zero amounts and answers nothing without a set', () => {
    expect(materialRequirements({ requiredMaterials: { glitch_shard: 0 } }, materials)).toEqual([]);
    expect(materialRequirements(null, materials)).toEqual([]);
    expect(hasAllMaterials([])).toBe(true);
  });
});

describe('forgeSelectionError', () => {
  it('needs both a known set and a known slot (SPEC §5)', () => {
    const invalid = { title: 'Invalid Selection', description: 'Please select an equipment set and slot' };
    expect(forgeSelectionError(null, 'weapon')).toEqual(invalid);
    expect(forgeSelectionError('dragon_lord', null)).toEqual(invalid);
    expect(forgeSelectionError('none', 'weapon')).toEqual(invalid);
    expect(forgeSelectionError('dragon_lord', 'cape')).toEqual(invalid);
    expect(forgeSelectionError('dragon_lord', 'accessory')).toBeNull();
  });
});

describe('forgeResultToast', () => {
  it('lets the success flag decide the toast (SPEC §4, §8)', () => {
    expect(forgeResultToast({ success: true, message: 'Forged Dragon Lord Helmet' })).toEqual({
      title: 'Forging Success!',
      description: 'Forged Dragon Lord Helmet',
      variant: 'success',
    });
    expect(forgeResultToast({ success: false, message: 'The metal cracked' })).toEqual({
      title: 'Forging Failed',
      description: 'The metal cracked',
      variant: 'destructive',
    });
  });
});

describe('isEquipmentQueryKey', () => {
  it('matches the character list and every equipment list', () => {
    expect(isEquipmentQueryKey(['/api/characters'])).toBe(true);
    expect(isEquipmentQueryKey(['/api/characters', 3, 'equipment'])).toBe(true);
    expect(isEquipmentQueryKey(['/api/characters/3/equipment'])).toBe(true);
    expect(isEquipmentQueryKey(['/api/character'])).toBe(false);
    expect(isEquipmentQueryKey(['/api/characters/3/skills'])).toBe(false);
    expect(isEquipmentQueryKey(['/api/equipment'])).toBe(false);
  });
});

describe('styleShortfallText', () => {
  it('says what the player lacks, not the whole price', () => {
    expect(styleShortfallText(2000, 1568, formatCredits)).toBe("Can't Afford yet: 432 more credits needed.");
    expect(styleShortfallText(25000, 0, formatCredits)).toBe("Can't Afford yet: 25,000 more credits needed.");
    expect(styleShortfallText(2000, null, formatCredits)).toBe("Can't Afford yet: 2,000 more credits needed.");
  });
});

describe('styleCardInfo', () => {
  const base = { cost: 1000, unlocked: false, requirementMet: true, current: false };

  it('shows Current for the worn set, whatever else holds', () => {
    expect(styleCardInfo({ ...base, current: true, requirementMet: false }, 0)).toEqual({
      state: 'current',
      affordable: false,
      selectable: false,
    });
  });

  it("shows Can't Afford when credits are below the cost of a set not yet unlocked", () => {
    expect(styleCardInfo(base, 999)).toEqual({ state: 'cant-afford', affordable: false, selectable: false });
    expect(styleCardInfo(base, null).state).toBe('cant-afford');
  });

  it('lets a player select an affordable, free or already paid set', () => {
    expect(styleCardInfo(base, 1000)).toEqual({ state: 'select', affordable: true, selectable: true });
    expect(styleCardInfo({ ...base, cost: 0 }, 0).state).toBe('select');
    expect(styleCardInfo({ ...base, unlocked: true }, 0).state).toBe('select');
  });

  it('locks a set whose requirement is not met, still telling whether it is affordable', () => {
    expect(styleCardInfo({ ...base, requirementMet: false }, 5000)).toEqual({
      state: 'locked',
      affordable: true,
      selectable: false,
    });
    expect(styleCardInfo({ ...base, requirementMet: false }, 10).affordable).toBe(false);
  });
});

describe('style texts', () => {
  it("reads 'Free' for a cost of 0, else the credits", () => {
    const fmt = (n: number) => n.toLocaleString('en-US');
    expect(styleCostText(0, fmt)).toBe('Free');
    expect(styleCostText(5000, fmt)).toBe('5,000 credits');
  });

  it('uses the requirement text, or builds one', () => {
    expect(requirementLabel({ level: 15, wins: 25, text: 'Level 15 and 25 wins' })).toBe('Level 15 and 25 wins');
    expect(requirementLabel({ level: 5, text: '' })).toBe('Level 5');
    expect(requirementLabel({ text: '' })).toBe('None');
  });
});
