import { z } from 'zod';

/** Quests: the first-steps chain and three daily quests per player (`GET /api/quests`). */

export type QuestKind = 'daily' | 'first-steps';

export interface QuestMaterialReward {
  id: string;
  name: string;
  amount: number;
}

export interface QuestReward {
  credits: number;
  materials: QuestMaterialReward[];
}

export interface QuestView {
  /** Stable per player and day, e.g. `first-steps:win-battle` or `daily:2026-11-24:win-battles`. */
  id: string;
  kind: QuestKind;
  title: string;
  description: string;
  progress: number;
  goal: number;
  reward: QuestReward;
  claimed: boolean;
}

/** `POST /api/quests/{id}/claim`. */
export interface QuestClaimView {
  quest: QuestView;
  /** The player's credits after the reward. */
  credits: number;
}

/** When the dailies change: the next 00:00 UTC after `now`. */
export function dailyResetAt(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}

/** The text of a reward, e.g. '150 credits + 2× Glitch Shard'. */
export function rewardText(reward: QuestReward): string {
  const parts = [
    ...(reward.credits > 0 ? [`${reward.credits.toLocaleString('en-US')} credits`] : []),
    ...reward.materials.map((m) => `${m.amount}× ${m.name}`),
  ];
  return parts.join(' + ');
}

export const QUEST_MESSAGES = {
  notFound: 'Quest not found',
  notFinished: 'Quest is not finished yet',
  alreadyClaimed: 'Quest reward already claimed',
  badId: 'Invalid quest id',
} as const;

/** `POST /api/quests/{id}/claim`: the id is short printable text. */
export const questIdParams = z.object({
  id: z.string().min(1, QUEST_MESSAGES.badId).max(80, QUEST_MESSAGES.badId).regex(/^[a-z0-9:-]+$/, QUEST_MESSAGES.badId),
});
