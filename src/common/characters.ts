import { z } from 'zod';
import { CHARACTER_MESSAGES, CLASS_IDS, DEFAULT_AVATAR, powerLevel, type Stats } from './classes';
import { CHARACTER_NAME_MAX } from './constants';
import { isReservedName } from './reserved-names';
import { nameProblem } from './text';

/** Character bodies of SPEC §3 and the stats' schema, shared by client and server. */

export * from './classes';

export const statsSchema = z.object({ attack: z.number(), defense: z.number(), speed: z.number(), magic: z.number() }) satisfies z.ZodType<Stats>;

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
