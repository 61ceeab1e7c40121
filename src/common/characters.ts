import { z } from 'zod';
import { CHARACTER_NAME_MAX } from './constants';
import { isReservedName } from './reserved-names';
import { nameProblem } from './text';

/** Classes, avatars, stats and character bodies of SPEC §3, shared by client and server. */

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

export const statsSchema = z.object({ attack: z.number(), defense: z.number(), speed: z.number(), magic: z.number() });
export type Stats = z.infer<typeof statsSchema>;

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

/** `POST /api/characters`. The avatar may be any string: unknown ids fall back to warrior1. */
export const createCharacterBody = z.object({
  name: z
    .string({ error: CHARACTER_MESSAGES.nameRequired })
    .trim()
    .min(1, CHARACTER_MESSAGES.nameRequired)
    .max(CHARACTER_NAME_MAX, CHARACTER_MESSAGES.nameTooLong)
    .superRefine((name, ctx) => {
      const problem = nameProblem(name);
      if (problem) ctx.addIssue({ code: 'custom', message: `Character name ${problem}` });
      else if (isReservedName(name)) ctx.addIssue({ code: 'custom', message: CHARACTER_MESSAGES.nameReserved });
    }),
  class: z.enum(CLASS_IDS, { error: CHARACTER_MESSAGES.unknownClass }),
  characterAvatar: z.string().max(200).default(DEFAULT_AVATAR),
});
export type CreateCharacterBody = z.infer<typeof createCharacterBody>;

const statPoints = z
  .number({ error: CHARACTER_MESSAGES.statPointsWhole })
  .int(CHARACTER_MESSAGES.statPointsWhole)
  .min(0, CHARACTER_MESSAGES.statPointsWhole)
  .default(0);

/** `POST /api/characters/{id}/allocate-stats`: points to add to each stat. */
export const allocateStatsBody = z
  .object({ attack: statPoints, defense: statPoints, speed: statPoints, magic: statPoints })
  .refine((s) => powerLevel(s) > 0, { error: CHARACTER_MESSAGES.noStatPoints });
export type AllocateStatsBody = z.infer<typeof allocateStatsBody>;

// Cooldown text and the current character have no schema: the client's shell reads them
// without loading zod.
export { bestFirst, bestOf, currentOf, formatCooldown, viewReader, type CharacterReader, type RankedCharacter } from './current-character';
