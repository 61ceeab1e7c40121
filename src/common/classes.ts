import { CHARACTER_NAME_MAX } from './constants';

/**
 * Classes, avatars and stats of SPEC §3 as plain data, shared by client and server. No schema
 * here: a screen that shows a class or sums stats does not load zod (characters.ts holds the
 * bodies' schemas and re-exports this).
 */

export const CLASS_IDS = ['warrior', 'mage', 'rogue', 'tank', 'assassin', 'berserker'] as const;
export type ClassId = (typeof CLASS_IDS)[number];

export interface ClassInfo {
  id: ClassId;
  name: string;
  description: string;
}

export const CLASSES: Record<ClassId, ClassInfo> = {
  warrior: { id: 'warrior', name: 'Warrior', description: 'High attack and defense' },
  mage: { id: 'mage', name: 'Mage', description: 'Powerful magic' },
  rogue: { id: 'rogue', name: 'Rogue', description: 'Fast and agile' },
  tank: { id: 'tank', name: 'Tank', description: 'Ultimate defense' },
  assassin: { id: 'assassin', name: 'Assassin', description: 'Stealth and critical hits' },
  berserker: { id: 'berserker', name: 'Berserker', description: 'Raw power and fury' },
};

export function isClassId(value: string): value is ClassId {
  return (CLASS_IDS as readonly string[]).includes(value);
}

export const AVATAR_IDS = [
  'warrior1',
  'warrior2',
  'mage1',
  'mage2',
  'rogue1',
  'tank1',
  'assassin1',
  'berserker1',
] as const;
export type AvatarId = (typeof AVATAR_IDS)[number];
export const DEFAULT_AVATAR: AvatarId = 'warrior1';

export interface AvatarInfo {
  id: AvatarId;
  name: string;
  description: string;
  /** The class whose look the avatar shows; any class may wear any avatar. */
  classId: ClassId;
}

export const AVATARS: Record<AvatarId, AvatarInfo> = {
  warrior1: {
    id: 'warrior1',
    name: 'Knight Warrior',
    description: 'Classic sword and shield fighter',
    classId: 'warrior',
  },
  warrior2: {
    id: 'warrior2',
    name: 'Spear Warrior',
    description: 'Elegant female spear master',
    classId: 'warrior',
  },
  mage1: { id: 'mage1', name: 'Arcane Wizard', description: 'Master of arcane spells', classId: 'mage' },
  mage2: { id: 'mage2', name: 'Ice Mage', description: 'Wielder of freezing magic', classId: 'mage' },
  rogue1: { id: 'rogue1', name: 'Shadow Rogue', description: 'Swift blade from the shadows', classId: 'rogue' },
  tank1: { id: 'tank1', name: 'Heavy Guardian', description: 'Unbreakable armored defender', classId: 'tank' },
  assassin1: {
    id: 'assassin1',
    name: 'Blade Dancer',
    description: 'Deadly dancer of twin blades',
    classId: 'assassin',
  },
  berserker1: {
    id: 'berserker1',
    name: 'Wild Berserker',
    description: 'Untamed fury with a great axe',
    classId: 'berserker',
  },
};

export function isAvatarId(value: string): value is AvatarId {
  return (AVATAR_IDS as readonly string[]).includes(value);
}

/** An unknown avatar id falls back to warrior1 (SPEC §3). */
export function resolveAvatar(id: string | null | undefined): AvatarInfo {
  return id && isAvatarId(id) ? AVATARS[id] : AVATARS[DEFAULT_AVATAR];
}

/** The four stats of a fighter, an enemy or a bonus. */
export interface Stats {
  attack: number;
  defense: number;
  speed: number;
  magic: number;
}

export const STAT_KEYS = ['attack', 'defense', 'speed', 'magic'] as const satisfies readonly (keyof Stats)[];
export type StatKey = (typeof STAT_KEYS)[number];

export const ZERO_STATS: Readonly<Stats> = Object.freeze({ attack: 0, defense: 0, speed: 0, magic: 0 });

/** Power level is the sum of the four stats (SPEC §9). */
export function powerLevel(stats: Stats): number {
  return stats.attack + stats.defense + stats.speed + stats.magic;
}

export const CHARACTER_MESSAGES = {
  nameRequired: 'Please enter a character name',
  nameTooLong: `Character name must be at most ${CHARACTER_NAME_MAX} characters`,
  nameReserved: 'That character name is reserved. Please choose another.',
  unknownClass: 'Unknown character class',
  statPointsWhole: 'Stat points must be whole numbers of at least 0',
  noStatPoints: 'Choose at least one stat point to spend',
  notEnoughStatPoints: 'Not enough stat points',
  oneCharacterOnly: 'You can only have one character per account',
} as const;
