import { groupDigits } from './constants';
/** When the daily quests change and how a reward reads (`GET /api/quests`), without schemas: the dashboard shows them without loading zod. */

/** A quest's reward: credits and forge materials. */
export interface QuestReward {
  credits: number;
  materials: { id: string; name: string; amount: number }[];
}

/** When the dailies change: the next 00:00 UTC after `now`. */
export function dailyResetAt(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}

/** The text of a reward, e.g. '150 credits + 2× Glitch Shard'. */
export function rewardText(reward: QuestReward): string {
  const parts = [
    ...(reward.credits > 0 ? [`${groupDigits(reward.credits)} credits`] : []),
    ...reward.materials.map((m) => `${m.amount}× ${m.name}`),
  ];
  return parts.join(' + ');
}
