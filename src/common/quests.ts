import { z } from 'zod';
import type { QuestReward } from './quest-rewards';

/** Quests: the first-steps chain and three daily quests per player (`GET /api/quests`). */

export const questKindSchema = z.enum(['daily', 'first-steps']);
export type QuestKind = z.infer<typeof questKindSchema>;

export const questMaterialRewardSchema = z.object({
  id: z.string(),
  name: z.string(),
  amount: z.number().int(),
});

export const questRewardSchema = z.object({
  credits: z.number().int(),
  materials: z.array(questMaterialRewardSchema),
}) satisfies z.ZodType<QuestReward>;

export const questViewSchema = z
  .object({
    /** Stable per player and day, e.g. `first-steps:win-battle` or `daily:2026-11-24:win-battles`. */
    id: z.string(),
    kind: questKindSchema,
    title: z.string(),
    description: z.string(),
    progress: z.number().int(),
    goal: z.number().int(),
    reward: questRewardSchema,
    claimed: z.boolean(),
  })
  .meta({ id: 'Quest' });
export type QuestView = z.infer<typeof questViewSchema>;

/** `POST /api/quests/{id}/claim`. */
export const questClaimViewSchema = z.object({
  quest: questViewSchema,
  /** The player's credits after the reward. */
  credits: z.number().int(),
});
export type QuestClaimView = z.infer<typeof questClaimViewSchema>;

export { dailyResetAt, rewardText, type QuestReward } from './quest-rewards';

export const QUEST_MESSAGES = {
  notFound: 'Quest not found',
  notFinished: 'Quest is not finished yet',
  alreadyClaimed: 'Quest reward already claimed',
  badId: 'Invalid quest id',
} as const;

/** `POST /api/quests/{id}/claim`: the id is short printable text; a malformed one is a 400, an unknown one 404. */
export const questIdParams = z.object({
  id: z.string().min(1, QUEST_MESSAGES.badId).max(80, QUEST_MESSAGES.badId).regex(/^[a-z0-9:-]+$/, QUEST_MESSAGES.badId),
});
