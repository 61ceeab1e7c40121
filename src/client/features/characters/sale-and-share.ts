import { powerLevel } from '@common/classes';
import { PRODUCT_NAME, SHARE_MESSAGE_MAX } from '@common/constants';
import type { CharacterView } from '@common/game-api';
import { className } from '@client/entities/character/character-info';
import { plural } from '@client/lib/plural';

/** The sale price suggested for a character: 80 % of its value, rounded down (SPEC §9). */
export function suggestedPrice(value: number): number {
  return Math.floor((Math.max(0, value) * 4) / 5);
}

/** A typed price as a positive whole number of credits, or null when it is not one. */
export function parsePrice(raw: string): number | null {
  const text = raw.trim();
  if (!/^\d+$/.test(text)) return null;
  const price = Number(text);
  return Number.isSafeInteger(price) && price > 0 ? price : null;
}

/** The prefilled post about a character, with the player's own words after it. */
export function shareText(character: CharacterView, customMessage: string): string {
  const power = character.powerLevel ?? powerLevel(character.stats);
  const base =
    `Check out my level ${character.level} ${className(character.class)} "${character.name}" in ${PRODUCT_NAME}! ` +
    `${plural(character.wins, 'win')}, ${plural(character.losses, 'loss', 'losses')}, power level ${power}.`;
  const custom = customMessage.trim().slice(0, SHARE_MESSAGE_MAX);
  return custom ? `${base} ${custom}` : base;
}

/** The X post intent for a text. */
export function shareUrl(text: string): string {
  return `https://x.com/intent/tweet?text=${encodeURIComponent(text)}`;
}
