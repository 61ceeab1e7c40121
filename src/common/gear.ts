/** Rarities, equipment slots and set ids (SPEC §3) as plain data: screens read them without loading zod. */

export const RARITIES = ['common', 'uncommon', 'rare', 'epic', 'legendary', 'mythic', 'divine'] as const;
export type Rarity = (typeof RARITIES)[number];

export const SLOTS = ['weapon', 'armor', 'helmet', 'boots', 'gloves', 'accessory'] as const;
export type Slot = (typeof SLOTS)[number];

export const SET_IDS = [
  'shadow_assassin',
  'dragon_lord',
  'arcane_master',
  'frost_guardian',
  'blood_berserker',
  'void_walker',
  'celestial_knight',
  'storm_caller',
  'earth_shaker',
  'flame_warden',
  'crystal_sage',
  'demon_hunter',
  'phoenix_rising',
  'abyssal_depths',
  'stellar_champion',
  'forge_master',
] as const;
export type SetId = (typeof SET_IDS)[number];
