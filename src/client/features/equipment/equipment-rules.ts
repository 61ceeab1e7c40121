import { STAT_KEYS, ZERO_STATS, type StatKey, type Stats } from '@common/classes';
import { formatCredits } from '@common/constants';
import { RARITIES, SLOTS, type Rarity, type Slot } from '@common/gear';
import type { EquipmentItemView, OwnedEquipmentView } from '@common/economy-api';

/** The tabs of the Equipment and Skills screen, in order; the first is the default. */
export const EQUIPMENT_TABS = ['equipment', 'skills', 'marketplace', 'forge'] as const;
export type EquipmentTab = (typeof EQUIPMENT_TABS)[number];
export const DEFAULT_EQUIPMENT_TAB: EquipmentTab = 'equipment';

/** Where the active tab is remembered between visits (the URL hash wins on reload). */
export const EQUIPMENT_TAB_STORAGE_KEY = 'glitch-arena:equipment-tab';

export function isEquipmentTab(value: unknown): value is EquipmentTab {
  return typeof value === 'string' && (EQUIPMENT_TABS as readonly string[]).includes(value);
}

/**
 * The tab to open: the one named by the URL hash ('#skills'), else the remembered one,
 * else the default.
 */
export function initialTab(hash: string | null | undefined, stored: string | null | undefined): EquipmentTab {
  const fromHash = (hash ?? '').replace(/^#/, '').trim().toLowerCase();
  if (isEquipmentTab(fromHash)) return fromHash;
  if (isEquipmentTab(stored)) return stored;
  return DEFAULT_EQUIPMENT_TAB;
}

// ------------------------------------------------------------------- rarities

export interface RarityStyle {
  label: string;
  /** Text colour of the item name and the rarity tag. */
  text: string;
  /** Border colour of the item card and its icon box. */
  border: string;
  /** Faint fill of the icon box. */
  fill: string;
}

/**
 * Colour of each rarity: common grey, uncommon green, rare blue, epic purple, legendary orange,
 * mythic red-magenta, divine gold.
 */
export const RARITY_STYLES: Record<Rarity, RarityStyle> = {
  common: { label: 'Common', text: 'text-[#b4b4c8]', border: 'border-[#8a8aa3]', fill: 'bg-[#8a8aa3]/15' },
  uncommon: { label: 'Uncommon', text: 'text-[#5dff7a]', border: 'border-[#3ecf5a]', fill: 'bg-[#3ecf5a]/15' },
  rare: { label: 'Rare', text: 'text-[#5aa9ff]', border: 'border-[#3d8bff]', fill: 'bg-[#3d8bff]/15' },
  epic: { label: 'Epic', text: 'text-[#c98bff]', border: 'border-[#a855f7]', fill: 'bg-[#a855f7]/15' },
  legendary: { label: 'Legendary', text: 'text-[#ffa040]', border: 'border-[#ff8c1a]', fill: 'bg-[#ff8c1a]/15' },
  mythic: { label: 'Mythic', text: 'text-[#ff5c9d]', border: 'border-[#ff2e7e]', fill: 'bg-[#ff2e7e]/15' },
  divine: { label: 'Divine', text: 'text-gold', border: 'border-gold', fill: 'bg-gold/15' },
};

/** The style of a rarity; an unknown one looks common. */
export function rarityStyle(rarity: string): RarityStyle {
  return (RARITY_STYLES as Record<string, RarityStyle | undefined>)[rarity] ?? RARITY_STYLES.common;
}

/** Position of a rarity from common (0) to divine (6); unknown ones sort first. */
export function rarityRank(rarity: string): number {
  return (RARITIES as readonly string[]).indexOf(rarity);
}

// ---------------------------------------------------------------------- slots

const SLOT_LABELS: Record<Slot, string> = {
  weapon: 'Weapon',
  armor: 'Armor',
  helmet: 'Helmet',
  boots: 'Boots',
  gloves: 'Gloves',
  accessory: 'Accessory',
};

export function slotLabel(slot: string): string {
  return (SLOT_LABELS as Record<string, string | undefined>)[slot] ?? (slot ? slot.charAt(0).toUpperCase() + slot.slice(1) : 'Item');
}

/** Position of a slot in the paper doll (weapon first); unknown ones go last. */
export function slotRank(slot: string): number {
  const i = (SLOTS as readonly string[]).indexOf(slot);
  return i === -1 ? SLOTS.length : i;
}

// ---------------------------------------------------------------------- stats

const STAT_SHORT: Record<StatKey, string> = { attack: 'ATK', defense: 'DEF', speed: 'SPD', magic: 'MAG' };
const STAT_LONG: Record<StatKey, string> = { attack: 'Attack', defense: 'Defense', speed: 'Speed', magic: 'Magic' };

export interface StatBonus {
  key: StatKey;
  value: number;
  /** '+12 ATK' */
  short: string;
  /** '+12 Attack' */
  long: string;
}

function signed(value: number): string {
  return value > 0 ? `+${value}` : String(value);
}

/** The non-zero stats of a piece (or any partial stat map) in attack, defense, speed, magic order. */
export function statBonuses(stats: Partial<Stats> | null | undefined): StatBonus[] {
  if (!stats) return [];
  const out: StatBonus[] = [];
  for (const key of STAT_KEYS) {
    const value = stats[key] ?? 0;
    if (!value || !Number.isFinite(value)) continue;
    out.push({ key, value, short: `${signed(value)} ${STAT_SHORT[key]}`, long: `${signed(value)} ${STAT_LONG[key]}` });
  }
  return out;
}

/** The four stats of several pieces added up. */
export function sumStats(items: Array<Pick<EquipmentItemView, 'stats'>>): Stats {
  const sum: Stats = { ...ZERO_STATS };
  for (const { stats } of items) {
    for (const key of STAT_KEYS) sum[key] += stats?.[key] ?? 0;
  }
  return sum;
}

// ------------------------------------------------------------------ inventory

export interface Loadout {
  /** Worn pieces, in slot order. */
  equipped: OwnedEquipmentView[];
  /** Pieces in the bag, best rarity then highest level first. */
  inventory: OwnedEquipmentView[];
  /** Worn piece of each slot. */
  bySlot: Partial<Record<Slot, OwnedEquipmentView>>;
}

/** Splits owned equipment into what is worn and what is in the bag. */
export function splitEquipment(owned: readonly OwnedEquipmentView[] | null | undefined): Loadout {
  const equipped: OwnedEquipmentView[] = [];
  const inventory: OwnedEquipmentView[] = [];
  const bySlot: Partial<Record<Slot, OwnedEquipmentView>> = {};
  for (const entry of owned ?? []) {
    if (entry.equipped) {
      equipped.push(entry);
      bySlot[entry.equipment.slot] ??= entry;
    } else {
      inventory.push(entry);
    }
  }
  equipped.sort((a, b) => slotRank(a.equipment.slot) - slotRank(b.equipment.slot) || a.id - b.id);
  inventory.sort(
    (a, b) =>
      rarityRank(b.equipment.rarity) - rarityRank(a.equipment.rarity) ||
      b.equipment.level - a.equipment.level ||
      a.equipment.name.localeCompare(b.equipment.name) ||
      a.id - b.id,
  );
  return { equipped, inventory, bySlot };
}

// ------------------------------------------------------------------- purchase

export interface PurchaseContext {
  /** The player's balance; null while unknown. */
  credits: number | null;
  /** Level of the character the piece goes to; null without a character. */
  characterLevel: number | null;
}

export interface PurchaseState {
  canBuy: boolean;
  /** Why the Buy button is disabled, shown next to it; empty when it is not. */
  reasons: string[];
}

/** 'Requires level 5' when the fighter is below the piece's level (the server refuses to sell or put it on); null otherwise. */
export function levelShortfall(item: Pick<EquipmentItemView, 'level'>, characterLevel: number): string | null {
  return characterLevel < item.level ? `Requires level ${item.level}` : null;
}

/** Whether a piece can be bought now: a character of its level and enough credits are needed. */
export function purchaseState(item: Pick<EquipmentItemView, 'price' | 'level'>, ctx: PurchaseContext): PurchaseState {
  const reasons: string[] = [];
  const shortfall = ctx.characterLevel == null ? 'Create a character first' : levelShortfall(item, ctx.characterLevel);
  if (shortfall) reasons.push(shortfall);
  const credits = ctx.credits ?? 0;
  if (credits < item.price) {
    reasons.push(`Need ${formatCredits(item.price - credits)} more credits`);
  }
  return { canBuy: reasons.length === 0, reasons };
}

/** Marketplace order: lowest level first, then cheapest, then by name. */
export function sortForSale<T extends Pick<EquipmentItemView, 'level' | 'price' | 'name' | 'id'>>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => a.level - b.level || a.price - b.price || a.name.localeCompare(b.name) || a.id - b.id);
}

/** 'Free' for 0, else '1,250 credits'. */
export function priceLabel(price: number): string {
  return price > 0 ? `${formatCredits(price)} credits` : 'Free';
}
