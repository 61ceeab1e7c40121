import type { Stats } from '@common/characters';
import { SET_IDS, SLOTS, type Rarity, type SetId, type Slot } from '@common/economy-api';
import { distributeStats, shopPrice, statBudget } from './equipment';
import { EQUIPMENT_SETS } from './forge-sets';

/**
 * The equipment catalogue (DESIGN §4 Economy): pieces sold in the shop, and the set pieces
 * only the forge makes. Keys are stable: the seed upserts by key, so renaming an item or
 * retuning its stats updates it in place, while changing a key would create a new item.
 *
 * Stats and prices follow `statBudget` and `shopPrice`: both grow with level and rarity.
 * `weights` says how a piece splits its budget over the four stats.
 */
export interface CatalogueItem {
  key: string;
  name: string;
  slot: Slot;
  rarity: Rarity;
  level: number;
  description: string;
  price: number;
  stats: Stats;
  setId: SetId | null;
}

type ShopRow = [key: string, name: string, rarity: Rarity, level: number, weights: Partial<Stats>, description: string];

const SHOP: Record<Slot, ShopRow[]> = {
  weapon: [
    ['bitcrusher_blade', 'Bitcrusher Blade', 'common', 1, { attack: 1 }, 'A rusty sword that shaves bits off whatever it hits.'],
    ['static_wand', 'Static Wand', 'common', 2, { magic: 3, speed: 1 }, 'A stick that crackles with stray signal noise.'],
    ['packet_dagger', 'Packet Dagger', 'uncommon', 6, { attack: 2, speed: 1 }, 'Small, fast and delivered in pieces.'],
    ['overclock_axe', 'Overclock Axe', 'rare', 12, { attack: 4, speed: 1 }, 'Runs far past its rated speed and swings hotter for it.'],
    ['recursion_staff', 'Recursion Staff', 'rare', 14, { magic: 4, defense: 1 }, 'Every spell it casts calls itself one more time.'],
    ['segfault_scythe', 'Segfault Scythe', 'epic', 22, { attack: 3, magic: 1 }, 'Reaps anything that touches memory it does not own.'],
    ['kernel_panic_greatsword', 'Kernel Panic Greatsword', 'legendary', 35, { attack: 4, defense: 1 }, 'One swing and the whole system halts.'],
    ['null_pointer_lance', 'Null Pointer Lance', 'mythic', 50, { attack: 3, speed: 1, magic: 1 }, 'Points at nothing, and nothing survives the point.'],
  ],
  armor: [
    ['dial_up_jerkin', 'Dial-Up Jerkin', 'common', 1, { defense: 1 }, 'Padded leather that screeches when struck.'],
    ['pixel_robe', 'Pixel Robe', 'common', 3, { defense: 1, magic: 1 }, 'Blocky cloth woven from 8-bit thread.'],
    ['checksum_chainmail', 'Checksum Chainmail', 'uncommon', 6, { defense: 3, speed: 1 }, 'Every link verifies its neighbours.'],
    ['firewall_plate', 'Firewall Plate', 'rare', 12, { defense: 1 }, 'Blocks all incoming traffic, blades included.'],
    ['encrypted_aegis', 'Encrypted Aegis Mail', 'epic', 22, { defense: 3, magic: 1 }, 'Attacks cannot find a weak point they cannot decrypt.'],
    ['mainframe_bulwark', 'Mainframe Bulwark', 'legendary', 35, { defense: 4, attack: 1 }, 'Armour as heavy and reliable as a room-sized computer.'],
    ['quantum_lattice_armor', 'Quantum Lattice Armor', 'mythic', 50, { defense: 3, magic: 1, speed: 1 }, 'Exists in every possible guard at once.'],
  ],
  helmet: [
    ['cathode_cap', 'Cathode Cap', 'common', 1, { defense: 1, magic: 1 }, 'A warm glass dome salvaged from an old monitor.'],
    ['scanline_visor', 'Scanline Visor', 'common', 3, { defense: 1, speed: 1 }, 'Sees the world one horizontal line at a time.'],
    ['antenna_helm', 'Antenna Helm', 'uncommon', 7, { defense: 2, magic: 1 }, 'Picks up signals, and the occasional spell.'],
    ['cache_crown', 'Cache Crown', 'rare', 13, { magic: 2, defense: 1 }, 'Remembers every spell its wearer has ever cast.'],
    ['neural_link_helm', 'Neural Link Helm', 'epic', 24, { magic: 2, speed: 1, defense: 1 }, 'Thoughts travel straight to the fingertips.'],
    ['root_access_diadem', 'Root Access Diadem', 'legendary', 36, { magic: 3, defense: 2 }, 'The arena obeys whoever wears it.'],
    ['singularity_halo', 'Singularity Halo', 'mythic', 50, { magic: 2, defense: 2, speed: 1 }, 'A ring of collapsed pixels orbiting the head.'],
  ],
  boots: [
    ['lagless_sneakers', 'Lagless Sneakers', 'common', 1, { speed: 1 }, 'Worn-out trainers that never miss a frame.'],
    ['ping_treads', 'Ping Treads', 'common', 4, { speed: 2, defense: 1 }, 'Every step echoes back twice as fast.'],
    ['hotkey_greaves', 'Hotkey Greaves', 'uncommon', 6, { speed: 2, defense: 1 }, 'One press and you are already there.'],
    ['bandwidth_boots', 'Bandwidth Boots', 'rare', 14, { speed: 3, attack: 1 }, 'Unlimited throughput for your feet.'],
    ['glitchstep_sabatons', 'Glitchstep Sabatons', 'epic', 23, { speed: 3, defense: 1 }, 'Skip a few frames and land behind your foe.'],
    ['warp_drive_striders', 'Warp Drive Striders', 'legendary', 37, { speed: 4, attack: 1 }, 'Folds the arena floor under every stride.'],
    ['zero_latency_treads', 'Zero-Latency Treads', 'mythic', 50, { speed: 3, defense: 1, attack: 1 }, 'Arrive before the input is even sent.'],
  ],
  gloves: [
    ['keystroke_gloves', 'Keystroke Gloves', 'common', 1, { attack: 1, speed: 1 }, 'Fingerless gloves worn thin by a million inputs.'],
    ['grip_tape_wraps', 'Grip Tape Wraps', 'common', 3, { attack: 2, defense: 1 }, 'Never drop your weapon, or your controller.'],
    ['macro_gauntlets', 'Macro Gauntlets', 'uncommon', 7, { attack: 2, speed: 1 }, 'Replay your best combo with a single twitch.'],
    ['debugger_grips', 'Debugger Grips', 'rare', 15, { attack: 2, speed: 1, magic: 1 }, 'Find the weak point, then step into it.'],
    ['exploit_fists', 'Exploit Fists', 'epic', 25, { attack: 3, speed: 1 }, 'Hit exactly where the code forgot to check.'],
    ['stack_overflow_gauntlets', 'Stack Overflow Gauntlets', 'legendary', 38, { attack: 3, defense: 1, speed: 1 }, 'Punches pile up until something breaks.'],
    ['godmode_grasp', 'Godmode Grasp', 'mythic', 50, { attack: 2, speed: 1, magic: 1, defense: 1 }, 'Nothing can hurt the hands that hold the cheat codes.'],
  ],
  accessory: [
    ['lucky_byte_charm', 'Lucky Byte Charm', 'common', 1, { speed: 1, magic: 1 }, 'Eight lucky bits on a string.'],
    ['floppy_disk_amulet', 'Floppy Disk Amulet', 'common', 4, { magic: 2, defense: 1 }, '1.44 MB of protective charms.'],
    ['parity_ring', 'Parity Ring', 'uncommon', 8, { magic: 1, defense: 1, speed: 1 }, 'Keeps every stat in even balance.'],
    ['crt_pendant', 'CRT Pendant', 'rare', 16, { magic: 3, speed: 1 }, 'A tiny tube that still shows a flicker of power.'],
    ['corrupted_save_locket', 'Corrupted Save Locket', 'epic', 26, { magic: 2, attack: 1, speed: 1 }, 'Holds a save file that should not load, and yet does.'],
    ['infinite_loop_ouroboros', 'Infinite Loop Ouroboros', 'legendary', 40, { magic: 2, defense: 1, speed: 1, attack: 1 }, 'A serpent of code that never returns.'],
    ['source_code_shard', 'Source Code Shard', 'mythic', 50, { magic: 3, attack: 1, defense: 1, speed: 1 }, 'A fragment of the arena itself, still compiling.'],
  ],
};

function shopItem(slot: Slot, [key, name, rarity, level, weights, description]: ShopRow): CatalogueItem {
  return {
    key,
    name,
    slot,
    rarity,
    level,
    description,
    price: shopPrice(rarity, level),
    stats: distributeStats(statBudget(rarity, level), weights),
    setId: null,
  };
}

/** Level needed to wear a set piece, by the set's rarity (forging is advised from level 5). */
export const SET_PIECE_LEVEL: Readonly<Partial<Record<Rarity, number>>> = { epic: 5, legendary: 8, mythic: 12, divine: 15 };

/** Theme of each set: how its pieces lean, and what its weapon and armour are called. */
const SET_THEMES: Record<SetId, { weights: Partial<Stats>; weapon: string; armor: string }> = {
  shadow_assassin: { weights: { speed: 3, attack: 2 }, weapon: 'Twin Daggers', armor: 'Cloak' },
  dragon_lord: { weights: { attack: 3, defense: 2 }, weapon: 'Greatsword', armor: 'Scale Plate' },
  arcane_master: { weights: { magic: 4, speed: 1 }, weapon: 'Staff', armor: 'Robes' },
  frost_guardian: { weights: { defense: 3, magic: 1 }, weapon: 'Ice Hammer', armor: 'Plate' },
  blood_berserker: { weights: { attack: 4, speed: 1 }, weapon: 'Cleaver', armor: 'Harness' },
  void_walker: { weights: { magic: 2, speed: 2 }, weapon: 'Rift Blade', armor: 'Shroud' },
  celestial_knight: { weights: { defense: 2, attack: 2, magic: 1 }, weapon: 'Longsword', armor: 'Cuirass' },
  storm_caller: { weights: { magic: 3, speed: 2 }, weapon: 'Lightning Rod', armor: 'Mantle' },
  earth_shaker: { weights: { defense: 3, attack: 2 }, weapon: 'Maul', armor: 'Bedrock Plate' },
  flame_warden: { weights: { magic: 3, attack: 2 }, weapon: 'Ember Staff', armor: 'Coat' },
  crystal_sage: { weights: { magic: 3, defense: 2 }, weapon: 'Prism Wand', armor: 'Robes' },
  demon_hunter: { weights: { attack: 3, speed: 2 }, weapon: 'Crossbow', armor: 'Coat' },
  phoenix_rising: { weights: { magic: 2, speed: 2, defense: 1 }, weapon: 'Flame Glaive', armor: 'Plumage' },
  abyssal_depths: { weights: { defense: 3, magic: 2 }, weapon: 'Trident', armor: 'Carapace' },
  stellar_champion: { weights: { attack: 2, defense: 2, speed: 2, magic: 1 }, weapon: 'Starblade', armor: 'Armor' },
  forge_master: { weights: { attack: 1, defense: 1, speed: 1, magic: 1 }, weapon: 'Hammer', armor: 'Apron' },
};

/** What each slot adds to a set's lean, so a set's boots are faster than its armour. */
const SLOT_LEAN: Record<Slot, Partial<Stats>> = {
  weapon: { attack: 2 },
  armor: { defense: 3 },
  helmet: { defense: 1, magic: 1 },
  boots: { speed: 3 },
  gloves: { attack: 1, speed: 1 },
  accessory: {},
};

/** Catalogue key of a forge-made set piece, e.g. 'forged_dragon_lord_weapon'. */
export function forgedPieceKey(setId: SetId, slot: Slot): string {
  return `forged_${setId}_${slot}`;
}

function pieceName(setName: string, setId: SetId, slot: Slot): string {
  const theme = SET_THEMES[setId];
  const noun: Record<Slot, string> = {
    weapon: theme.weapon,
    armor: theme.armor,
    helmet: 'Helm',
    boots: 'Boots',
    gloves: 'Gauntlets',
    accessory: 'Sigil',
  };
  return `${setName} ${noun[slot]}`;
}

function forgedPiece(setId: SetId, slot: Slot): CatalogueItem {
  const set = EQUIPMENT_SETS[setId];
  const level = SET_PIECE_LEVEL[set.rarity] ?? 5;
  const theme = SET_THEMES[setId].weights;
  const lean = SLOT_LEAN[slot];
  const weights: Partial<Stats> = {
    attack: 2 * (theme.attack ?? 0) + (lean.attack ?? 0),
    defense: 2 * (theme.defense ?? 0) + (lean.defense ?? 0),
    speed: 2 * (theme.speed ?? 0) + (lean.speed ?? 0),
    magic: 2 * (theme.magic ?? 0) + (lean.magic ?? 0),
  };
  return {
    key: forgedPieceKey(setId, slot),
    name: pieceName(set.name, setId, slot),
    slot,
    rarity: set.rarity,
    level,
    description: `Forged piece of the ${set.name} set. ${set.description}`,
    price: 0,
    stats: distributeStats(statBudget(set.rarity, level), weights),
    setId,
  };
}

/** Pieces for sale in the shop (price above 0). */
export const SHOP_ITEMS: readonly CatalogueItem[] = SLOTS.flatMap((slot) => SHOP[slot].map((row) => shopItem(slot, row)));

/** One piece per set and slot, made only by the forge (price 0). */
export const FORGED_ITEMS: readonly CatalogueItem[] = SET_IDS.flatMap((setId) => SLOTS.map((slot) => forgedPiece(setId, slot)));

/** Every item the seed upserts. */
export const EQUIPMENT_CATALOGUE: readonly CatalogueItem[] = [...SHOP_ITEMS, ...FORGED_ITEMS];
