import type { ClassId, Stats } from './characters';
import type { CharacterView, ListingView, ProgressionView } from './game-api';

/**
 * Answer shapes of the economy calls (SPEC §3, §7): marketplace, equipment, skills, forge and
 * image sets. Both the server and the client build on these.
 */

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

// ---------------------------------------------------------------- marketplace

/** An active listing as the marketplace shows it, with its character as the buyer would get it. */
export interface MarketListingView extends ListingView {
  /** Username of the seller. */
  sellerName: string;
  likedByMe: boolean;
}

/**
 * `GET /api/marketplace?sort=&limit=&cursor=&class=&minLevel=&maxLevel=&maxPrice=`: one page of
 * active listings in the asked order; `nextCursor` asks for the page after it (null at the end).
 */
export interface MarketPageView {
  listings: MarketListingView[];
  nextCursor: string | null;
}

/** `GET /api/marketplace/stats`. */
export interface MarketStatsView {
  totalListings: number;
  totalVolume: number;
  activeBuyers: number;
}

/** `POST /api/marketplace/buy {listingId}`. */
export interface PurchaseView {
  message: string;
  /** The buyer's balance after paying. */
  credits: number;
  character: CharacterView;
}

/** `POST /api/marketplace/{id}/like` (toggles). */
export interface LikeView {
  liked: boolean;
  likes: number;
}

/** `POST /api/marketplace/{id}/view`. */
export interface ViewCountView {
  views: number;
}

// ------------------------------------------------------------------ equipment

/** A catalogue item (`GET /api/equipment`, `GET /api/equipment/marketplace`). */
export interface EquipmentItemView {
  id: number;
  /** Stable catalogue key, e.g. 'iron_sword' or 'forged_dragon_lord_weapon'. */
  key: string;
  name: string;
  slot: Slot;
  rarity: Rarity;
  /** Level required to buy or wear it. */
  level: number;
  description: string;
  /** Price in credits; 0 for pieces that only the forge makes. */
  price: number;
  stats: Stats;
  /** The forge set the piece belongs to, if any. */
  setId: SetId | null;
}

/** An owned piece (`GET /api/characters/{id}/equipment`): `id` is the inventory entry id. */
export interface OwnedEquipmentView {
  id: number;
  characterId: number;
  equipped: boolean;
  equipment: EquipmentItemView;
}

/** `POST /api/equipment/{id}/buy`. */
export interface EquipmentPurchaseView {
  message: string;
  credits: number;
  owned: OwnedEquipmentView;
}

/** `POST /api/characters/{id}/equip {equipmentId (inventory entry id), slot}`. */
export interface EquipView {
  message: string;
  equipment: OwnedEquipmentView[];
  /** The character's effective stats after the change (base + points + gear + sets + passives). */
  stats: Stats;
}

// --------------------------------------------------------------------- skills

export type SkillType = 'passive' | 'active' | 'ultimate';

export interface SkillEffectsView {
  /** Damage multiplier of an active or ultimate (e.g. 1.5 = +50 %); 1 for passives. */
  damageMultiplier: number;
  /** Flat stat bonuses of a passive, per learned level. */
  statBonus: Partial<Stats>;
  /** Cooldown in seconds as shown to players (the engine converts to turns: one turn = 3 s). */
  cooldown: number;
}

/** `GET /api/skills`, `GET /api/skills/{class}`. */
export interface SkillView {
  id: number;
  key: string;
  name: string;
  description: string;
  type: SkillType;
  class: ClassId;
  baseCost: number;
  maxLevel: number;
  prerequisites: { level: number };
  effects: SkillEffectsView;
}

/** `GET /api/characters/{id}/skills`. */
export interface LearnedSkillView {
  id: number;
  skillId: number;
  level: number;
  skill: SkillView;
}

/** `POST /api/characters/{id}/learn-skill {skillId}`. */
export interface LearnSkillResultView {
  message: string;
  learned: LearnedSkillView;
  progression: ProgressionView;
}

// ---------------------------------------------------------------------- forge

/** `GET /api/forge/materials`: every material with the player's amount. */
export interface MaterialView {
  id: string;
  name: string;
  rarity: Rarity;
  description: string;
  amount: number;
}

export interface SetBonusView {
  effect: string;
  stats: Partial<Stats>;
}

/** `GET /api/forge/sets`. */
export interface EquipmentSetView {
  id: SetId;
  name: string;
  rarity: Rarity;
  description: string;
  bonuses: { 2: SetBonusView; 4: SetBonusView; 6: SetBonusView };
  /** Material id → amount needed for one piece. */
  requiredMaterials: Record<string, number>;
}

/** `POST /api/forge/create {equipmentSet, slot, materials}` (200 either way). */
export interface ForgeResultView {
  success: boolean;
  message: string;
  /** The piece made, on success. */
  owned?: OwnedEquipmentView;
}

// ----------------------------------------------------------------- image sets

/** `GET /api/character/image-sets` (for the player's current character). */
export interface ImageSetView {
  id: string;
  name: string;
  description: string;
  /** Credits, paid once; 0 = Free. */
  cost: number;
  /** Asset file of the preview: the current character's avatar in this look. */
  preview: string;
  unlockRequirement: { level?: number; wins?: number; text: string };
  /** Paid for (or free) by this player. */
  unlocked: boolean;
  /** Requirement met by the current character. */
  requirementMet: boolean;
  /** Worn by the current character. */
  current: boolean;
}
