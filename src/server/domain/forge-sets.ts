import type { Stats } from '@common/characters';
import { SET_IDS, type Rarity, type SetId } from '@common/economy-api';

/**
 * The forge catalogue: materials that drop from PvE victories and the 16 equipment sets of
 * SPEC §3. Each set piece needs 2-3 named materials; wearing 2, 4 or 6 pieces of one set
 * grants its bonuses, cumulatively (6 pieces give the 2-, 4- and 6-piece bonuses together).
 */

export const MATERIAL_IDS = [
  'glitch_shard',
  'corrupted_byte',
  'static_dust',
  'null_essence',
  'overclocked_core',
  'frozen_cache',
  'void_pointer',
  'phoenix_packet',
  'quantum_bit',
  'kernel_fragment',
] as const;
export type MaterialId = (typeof MATERIAL_IDS)[number];

export interface MaterialInfo {
  id: MaterialId;
  name: string;
  rarity: Rarity;
  description: string;
}

export const MATERIALS: readonly MaterialInfo[] = [
  { id: 'glitch_shard', name: 'Glitch Shard', rarity: 'common', description: 'A sliver of broken pixels that hums when held.' },
  { id: 'corrupted_byte', name: 'Corrupted Byte', rarity: 'common', description: 'Eight bits that no longer agree with each other.' },
  { id: 'static_dust', name: 'Static Dust', rarity: 'uncommon', description: 'Crackling grey noise swept off a dead screen.' },
  { id: 'null_essence', name: 'Null Essence', rarity: 'uncommon', description: 'The distilled absence of a value. Handle with care.' },
  { id: 'overclocked_core', name: 'Overclocked Core', rarity: 'rare', description: 'A processor core running far past its limits, still warm.' },
  { id: 'frozen_cache', name: 'Frozen Cache', rarity: 'rare', description: 'Memory that stopped refreshing and turned to ice.' },
  { id: 'void_pointer', name: 'Void Pointer', rarity: 'epic', description: 'Points at nothing, and somehow nothing points back.' },
  { id: 'phoenix_packet', name: 'Phoenix Packet', rarity: 'epic', description: 'A data packet that resends itself from its own ashes.' },
  { id: 'quantum_bit', name: 'Quantum Bit', rarity: 'legendary', description: 'Both a one and a zero until the forge decides.' },
  { id: 'kernel_fragment', name: 'Kernel Fragment', rarity: 'mythic', description: 'A shard of the arena’s own source. It should not exist.' },
];

export const SET_BONUS_TIERS = [2, 4, 6] as const;
export type SetBonusTier = (typeof SET_BONUS_TIERS)[number];

export interface SetBonus {
  /** What players read, e.g. 'Shadowstep: +5 Speed'. */
  effect: string;
  stats: Partial<Stats>;
}

export interface EquipmentSetInfo {
  id: SetId;
  name: string;
  rarity: Rarity;
  description: string;
  bonuses: Record<SetBonusTier, SetBonus>;
  /** Material id → amount needed for one piece. */
  requiredMaterials: Partial<Record<MaterialId, number>>;
}

const STAT_NAMES: Record<keyof Stats, string> = { attack: 'Attack', defense: 'Defense', speed: 'Speed', magic: 'Magic' };

/** A bonus whose effect text is its title followed by its stats, e.g. 'Shadowstep: +5 Speed'. */
function bonus(title: string, stats: Partial<Stats>): SetBonus {
  const parts = (Object.keys(STAT_NAMES) as (keyof Stats)[])
    .filter((k) => stats[k])
    .map((k) => `+${stats[k]} ${STAT_NAMES[k]}`);
  return { effect: `${title}: ${parts.join(', ')}`, stats };
}

type SetRow = [SetId, string, Rarity, string, [string, Partial<Stats>], [string, Partial<Stats>], [string, Partial<Stats>], EquipmentSetInfo['requiredMaterials']];

const ROWS: SetRow[] = [
  ['shadow_assassin', 'Shadow Assassin', 'epic', 'Wraps of the unseen blade, stitched from dropped frames.',
    ['Shadowstep', { speed: 5 }], ['Backstab Routine', { attack: 8 }], ['Frame Skip', { speed: 8, attack: 8 }],
    { glitch_shard: 4, null_essence: 3, void_pointer: 2 }],
  ['dragon_lord', 'Dragon Lord', 'legendary', 'Scaled plate of a dragon that crashed the server it lived in.',
    ['Dragon Blood', { attack: 6 }], ['Scaled Hide', { defense: 10 }], ['Wrath of the Wyrm', { attack: 12, defense: 8 }],
    { overclocked_core: 4, phoenix_packet: 2, quantum_bit: 2 }],
  ['arcane_master', 'Arcane Master', 'epic', 'Robes woven from looping spell code that never terminates.',
    ['Mana Leak', { magic: 6 }], ['Recursive Spell', { magic: 8, speed: 2 }], ['Infinite Loop', { magic: 14 }],
    { corrupted_byte: 5, static_dust: 3, overclocked_core: 2 }],
  ['frost_guardian', 'Frost Guardian', 'epic', 'Armour chilled in a frozen cache; blows slow down before they land.',
    ['Cold Boot', { defense: 6 }], ['Permafrost Shell', { defense: 8, magic: 2 }], ['Absolute Zero', { defense: 14 }],
    { frozen_cache: 4, glitch_shard: 3, static_dust: 2 }],
  ['blood_berserker', 'Blood Berserker', 'epic', 'Spiked gear that feeds on overflowing damage numbers.',
    ['Bloodlust', { attack: 6 }], ['Overflow Rage', { attack: 8, speed: 2 }], ['Stack Smash', { attack: 14 }],
    { corrupted_byte: 4, overclocked_core: 3 }],
  ['void_walker', 'Void Walker', 'legendary', 'A cloak cut from the space between two memory addresses.',
    ['Phase Shift', { speed: 6 }], ['Null Step', { magic: 8, speed: 4 }], ['Dereference', { speed: 10, magic: 10 }],
    { null_essence: 5, void_pointer: 3, quantum_bit: 2 }],
  ['celestial_knight', 'Celestial Knight', 'legendary', 'Radiant armour rendered at a resolution no screen can show.',
    ['Holy Firmware', { defense: 6 }], ['Radiant Patch', { attack: 6, defense: 6 }], ['Divine Render', { attack: 10, defense: 10 }],
    { static_dust: 4, frozen_cache: 3, quantum_bit: 2 }],
  ['storm_caller', 'Storm Caller', 'epic', 'Conductive gear that turns static into lightning.',
    ['Static Charge', { speed: 5 }], ['Chain Lightning', { magic: 8 }], ['Power Surge', { magic: 9, speed: 7 }],
    { static_dust: 5, overclocked_core: 3 }],
  ['earth_shaker', 'Earth Shaker', 'epic', 'Heavy plates that make the arena floor stutter with every step.',
    ['Bedrock', { defense: 5 }], ['Tremor', { attack: 6, defense: 2 }], ['Seismic Lag', { attack: 8, defense: 8 }],
    { glitch_shard: 6, corrupted_byte: 4 }],
  ['flame_warden', 'Flame Warden', 'epic', 'Gear that runs hot enough to melt the heat sink.',
    ['Hot Swap', { magic: 5 }], ['Ember Burst', { attack: 8 }], ['Meltdown', { attack: 8, magic: 8 }],
    { overclocked_core: 3, phoenix_packet: 2, corrupted_byte: 3 }],
  ['crystal_sage', 'Crystal Sage', 'legendary', 'Prismatic robes that refract incoming spells into harmless colour.',
    ['Prism Ward', { defense: 6 }], ['Refraction', { magic: 10 }], ['Crystal Lattice', { magic: 10, defense: 10 }],
    { frozen_cache: 4, null_essence: 4, quantum_bit: 2 }],
  ['demon_hunter', 'Demon Hunter', 'legendary', 'Tracker’s gear tuned to hunt the bugs that crawl out of the code.',
    ['Bug Tracker', { speed: 6 }], ['Exorcise Exception', { attack: 10 }], ['Purge', { attack: 10, speed: 10 }],
    { void_pointer: 3, glitch_shard: 5, phoenix_packet: 2 }],
  ['phoenix_rising', 'Phoenix Rising', 'mythic', 'Burning plumage that reboots its wearer from the ashes of a crash.',
    ['Warm Restart', { magic: 6, speed: 4 }], ['Rekindle', { attack: 6, defense: 6 }], ['Rebirth Protocol', { attack: 8, defense: 8, speed: 6, magic: 8 }],
    { phoenix_packet: 4, quantum_bit: 3, kernel_fragment: 2 }],
  ['abyssal_depths', 'Abyssal Depths', 'mythic', 'Pressure-forged armour dredged from the bottom of the stack.',
    ['Deep Pressure', { defense: 10 }], ['Undertow', { magic: 12 }], ['Pressure Crush', { defense: 12, magic: 12 }],
    { void_pointer: 4, null_essence: 6, kernel_fragment: 2 }],
  ['stellar_champion', 'Stellar Champion', 'mythic', 'Star-forged gear of the arena’s undefeated champions.',
    ['Starlight', { speed: 8 }], ['Gravity Well', { attack: 8, defense: 6 }], ['Supernova', { attack: 12, defense: 8, speed: 8 }],
    { quantum_bit: 3, overclocked_core: 5, kernel_fragment: 2 }],
  ['forge_master', 'Forge Master', 'divine', 'The set of the one who built the forge. Every stat bends to its will.',
    ['Master Craft', { attack: 5, defense: 5, speed: 5, magic: 5 }], ['Tempered Code', { attack: 8, defense: 8, speed: 8, magic: 8 }], ['Root Access', { attack: 12, defense: 12, speed: 12, magic: 12 }],
    { kernel_fragment: 3, quantum_bit: 3, phoenix_packet: 3 }],
];

export const EQUIPMENT_SETS: Readonly<Record<SetId, EquipmentSetInfo>> = Object.fromEntries(
  ROWS.map(([id, name, rarity, description, two, four, six, requiredMaterials]) => [
    id,
    { id, name, rarity, description, bonuses: { 2: bonus(...two), 4: bonus(...four), 6: bonus(...six) }, requiredMaterials },
  ]),
) as Record<SetId, EquipmentSetInfo>;

/** The sets in SPEC order. */
export const EQUIPMENT_SET_LIST: readonly EquipmentSetInfo[] = SET_IDS.map((id) => EQUIPMENT_SETS[id]);

export function materialById(id: string): MaterialInfo | undefined {
  return MATERIALS.find((m) => m.id === id);
}

/** Cumulative set bonus of `pieces` worn pieces of one set: the 2-, 4- and 6-piece tiers reached. */
export function setBonusStats(setId: SetId, pieces: number): Partial<Stats> {
  const set = EQUIPMENT_SETS[setId];
  const total: Partial<Stats> = {};
  if (!set) return total;
  for (const tier of SET_BONUS_TIERS) {
    if (pieces < tier) break;
    for (const [key, value] of Object.entries(set.bonuses[tier].stats) as [keyof Stats, number][]) {
      total[key] = (total[key] ?? 0) + value;
    }
  }
  return total;
}
