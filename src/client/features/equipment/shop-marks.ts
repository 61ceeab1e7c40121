import type { OwnedEquipmentView } from '@common/economy-api';

/** What the current character already has of a piece for sale (pure, no React). */
export interface OwnedMark {
  /** Copies held, worn or in the inventory. */
  owned: number;
  /** One of them is worn. */
  equipped: boolean;
}

const NONE: OwnedMark = { owned: 0, equipped: false };

/** Marks by catalogue id from the character's owned pieces. */
export function ownedMarks(owned: readonly Pick<OwnedEquipmentView, 'equipped' | 'equipment'>[] | undefined): Map<number, OwnedMark> {
  const marks = new Map<number, OwnedMark>();
  for (const o of owned ?? []) {
    const mark = marks.get(o.equipment.id) ?? NONE;
    marks.set(o.equipment.id, { owned: mark.owned + 1, equipped: mark.equipped || o.equipped });
  }
  return marks;
}

export function markOf(marks: Map<number, OwnedMark>, itemId: number): OwnedMark {
  return marks.get(itemId) ?? NONE;
}

/** The tags a shop card shows: 'Equipped', 'Owned', 'Owned x2' (both when one of two is worn). */
export function ownedTags(mark: OwnedMark): { equipped: boolean; owned: string | null } {
  const spare = mark.equipped ? mark.owned - 1 : mark.owned;
  return {
    equipped: mark.equipped,
    owned: spare <= 0 ? null : mark.equipped ? `+${spare} in bag` : spare > 1 ? `Owned x${spare}` : 'Owned',
  };
}

/**
 * The warning before buying a piece the character already has, or null when it has none:
 * 'You already have Rusty Sword (equipped). Another copy goes to the inventory: one slot wears one.'
 */
export function duplicateWarning(name: string, mark: OwnedMark): string | null {
  if (mark.owned <= 0) return null;
  const what = mark.owned > 1 ? `${mark.owned} copies of ${name}` : name;
  const worn = mark.equipped ? (mark.owned > 1 ? ', one of them equipped' : ' (equipped)') : ' in the inventory';
  return `You already have ${what}${worn}. Another copy goes to the inventory: one slot wears one piece.`;
}
