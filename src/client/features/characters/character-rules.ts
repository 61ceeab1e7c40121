import { CLASSES, powerLevel, type ClassId, type StatKey } from '@common/characters';
import { PRODUCT_NAME, SHARE_MESSAGE_MAX } from '@common/constants';
import type { CharacterView } from '@common/game-api';
import { Shield, Sparkles, Sword, Zap, type LucideIcon } from 'lucide-react';

/** Query key of the player's own characters (`GET /api/characters`, best first). */
export const CHARACTERS_QUERY_KEY = ['/api/characters'] as const;

/** Query key prefix of the marketplace listings and stats. */
export const MARKETPLACE_QUERY_KEY = ['/api/marketplace'] as const;

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

export function className(classId: ClassId): string {
  return CLASSES[classId]?.name ?? classId;
}

/** The prefilled post about a character, with the player's own words after it. */
export function shareText(character: CharacterView, customMessage: string): string {
  const power = character.powerLevel ?? powerLevel(character.stats);
  const base =
    `Check out my level ${character.level} ${className(character.class)} "${character.name}" in ${PRODUCT_NAME}! ` +
    `${character.wins} wins, ${character.losses} losses, power level ${power}.`;
  const custom = customMessage.trim().slice(0, SHARE_MESSAGE_MAX);
  return custom ? `${base} ${custom}` : base;
}

/** The X post intent for a text. */
export function shareUrl(text: string): string {
  return `https://x.com/intent/tweet?text=${encodeURIComponent(text)}`;
}

export interface StatInfo {
  key: StatKey;
  label: string;
  icon: LucideIcon;
  color: string;
}

export const STAT_INFO: readonly StatInfo[] = [
  { key: 'attack', label: 'Attack', icon: Sword, color: 'text-danger' },
  { key: 'defense', label: 'Defense', icon: Shield, color: 'text-neon-cyan' },
  { key: 'speed', label: 'Speed', icon: Zap, color: 'text-neon-lime' },
  { key: 'magic', label: 'Magic', icon: Sparkles, color: 'text-neon-magenta' },
];

/** Win rate in whole percent, or null before the first fight. */
export function winRate(character: Pick<CharacterView, 'wins' | 'losses'>): number | null {
  const fights = character.wins + character.losses;
  return fights > 0 ? Math.round((character.wins / fights) * 100) : null;
}
