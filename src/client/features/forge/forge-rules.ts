import type { QueryKey } from '@tanstack/react-query';
import type { EquipmentSetView, ForgeResultView, ImageSetView, MaterialView } from '@common/economy-api';
import type { Rarity, SetId, Slot } from '@common/gear';
import { SET_IDS, SLOTS } from '@common/gear';
import { characterKeys } from '@client/entities/character/character-keys';

/** Pure rules of the Forge screen (SPEC §2 Forge, §5, §8, §9): no React, no I/O. */

/** The success rate the screen shows. A fixed display: the server draws the real outcome. */
export const DISPLAYED_SUCCESS_RATE = 75;

/** The level from which forging is advised (SPEC §1, §9). */
export const ADVISED_FORGE_LEVEL = 5;

export const FORGE_TIP = `Forging is best from level ${ADVISED_FORGE_LEVEL} and above`;

/** Pieces of one set worn at once that grant a bonus. */
export const BONUS_TIERS = [2, 4, 6] as const;

export const SLOT_LABELS: Record<Slot, string> = {
  weapon: 'Weapon',
  armor: 'Armor',
  helmet: 'Helmet',
  boots: 'Boots',
  gloves: 'Gloves',
  accessory: 'Accessory',
};

export const RARITY_LABELS: Record<Rarity, string> = {
  common: 'Common',
  uncommon: 'Uncommon',
  rare: 'Rare',
  epic: 'Epic',
  legendary: 'Legendary',
  mythic: 'Mythic',
  divine: 'Divine',
};

/** The sets a player can forge: every set except the 'none' placeholder, in catalogue order. */
export function forgeableSets<T extends { id: string }>(sets: readonly T[]): T[] {
  return sets.filter((s) => s.id !== 'none');
}

export function isSetId(value: unknown): value is SetId {
  return typeof value === 'string' && (SET_IDS as readonly string[]).includes(value);
}

export function isSlot(value: unknown): value is Slot {
  return typeof value === 'string' && (SLOTS as readonly string[]).includes(value);
}

/** 'dragon_lord' -> 'Dragon Lord': a readable name for an id the catalogue does not name. */
export function titleFromId(id: string): string {
  return id
    .split(/[_\s-]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

export interface MaterialRequirement {
  id: string;
  name: string;
  rarity: Rarity | null;
  /** Amount one piece needs. */
  need: number;
  /** Amount the player holds. */
  have: number;
  enough: boolean;
}

/** What one piece of the set needs, each material against the player's amount. */
export function materialRequirements(
  set: Pick<EquipmentSetView, 'requiredMaterials'> | null | undefined,
  materials: readonly MaterialView[],
): MaterialRequirement[] {
  if (!set) return [];
  const byId = new Map(materials.map((m) => [m.id, m]));
  return Object.entries(set.requiredMaterials)
    .filter(([, need]) => need > 0)
    .map(([id, need]) => {
      const material = byId.get(id);
      const have = Math.max(0, material?.amount ?? 0);
      return { id, name: material?.name ?? titleFromId(id), rarity: material?.rarity ?? null, need, have, enough: have >= need };
    });
}

/** True when the player holds every material the set needs (a set needing nothing is always ready). */
export function hasAllMaterials(requirements: readonly MaterialRequirement[]): boolean {
  return requirements.every((r) => r.enough);
}

export const INVALID_SELECTION = {
  title: 'Invalid Selection',
  description: 'Please select an equipment set and slot',
} as const;

/** A missing set or slot blocks forging: nothing is sent (SPEC §5). */
export function forgeSelectionError(
  setId: string | null | undefined,
  slot: string | null | undefined,
): typeof INVALID_SELECTION | null {
  return isSetId(setId) && isSlot(slot) ? null : INVALID_SELECTION;
}

export interface ForgeToast {
  title: string;
  description: string;
  variant: 'success' | 'destructive';
}

/** The toast a forging answer gives: its success flag decides (SPEC §4, §8). */
export function forgeResultToast(result: Pick<ForgeResultView, 'success' | 'message'>): ForgeToast {
  return result.success
    ? { title: 'Forging Success!', description: result.message, variant: 'success' }
    : { title: 'Forging Failed', description: result.message, variant: 'destructive' };
}

/**
 * Keys of the player's equipment to refresh after forging: the character list and any
 * per-character equipment list, whether the key is split (`['/api/characters', 3, 'equipment']`)
 * or one string (`['/api/characters/3/equipment']`).
 */
export function isEquipmentQueryKey(queryKey: QueryKey): boolean {
  const [head] = queryKey;
  if (head === characterKeys.all[0]) return true;
  if (typeof head !== 'string') return false;
  return /^\/api\/characters\/\d+\/equipment(?:[/?]|$)/.test(head);
}

// ---------------------------------------------------------------- image sets

export type StyleCardState = 'current' | 'locked' | 'cant-afford' | 'select';

export interface StyleCardInfo {
  state: StyleCardState;
  /** Paid for already or free, or the player has the credits. */
  affordable: boolean;
  /** Only a 'select' card may be chosen: current, locked and unaffordable ones do nothing. */
  selectable: boolean;
}

/** How an image-set card reads for a player with this many credits (SPEC §2, §5). */
export function styleCardInfo(
  set: Pick<ImageSetView, 'cost' | 'unlocked' | 'requirementMet' | 'current'>,
  credits: number | null | undefined,
): StyleCardInfo {
  const affordable = set.unlocked || set.cost <= 0 || set.cost <= (credits ?? 0);
  let state: StyleCardState;
  if (set.current) state = 'current';
  else if (!set.requirementMet) state = 'locked';
  else if (!affordable) state = 'cant-afford';
  else state = 'select';
  return { state, affordable, selectable: state === 'select' };
}

/** The cost line of an image set: 'Free' for a cost of 0. */
export function styleCostText(cost: number, formatCredits: (n: number) => string): string {
  return cost <= 0 ? 'Free' : `${formatCredits(cost)} credits`;
}

/**
 * The note under a locked look the player could not pay for either: what is missing, as the
 * equipment shop words it ('Need 1,410 more credits'), not the whole price the card shows above.
 */
export function styleShortfallText(cost: number, credits: number | null | undefined, formatCredits: (n: number) => string): string {
  return `Can't Afford yet: ${formatCredits(Math.max(0, cost - (credits ?? 0)))} more credits needed.`;
}

/** The requirement as shown on a card ('None' when the set has none). */
export function requirementLabel(requirement: ImageSetView['unlockRequirement']): string {
  const text = requirement.text.trim();
  if (text) return text;
  const parts = [requirement.level ? `Level ${requirement.level}` : '', requirement.wins ? `${requirement.wins} wins` : ''];
  return parts.filter(Boolean).join(' and ') || 'None';
}
