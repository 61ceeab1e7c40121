import type { QuestView } from '@common/quests';

/** Pure rules of the quest views: order, state and the one to suggest. */

export type QuestState = 'claimable' | 'open' | 'claimed';

export function questState(q: Pick<QuestView, 'progress' | 'goal' | 'claimed'>): QuestState {
  if (q.claimed) return 'claimed';
  return q.progress >= q.goal ? 'claimable' : 'open';
}

/** The first-steps chain first, then the dailies, each in the server's order. */
export function orderQuests(quests: readonly QuestView[]): QuestView[] {
  return [...quests.filter((q) => q.kind === 'first-steps'), ...quests.filter((q) => q.kind !== 'first-steps')];
}

/** What to do next: a reward waiting to be claimed, else the first quest still open, else none. */
export function suggestedQuest(quests: readonly QuestView[] | undefined): QuestView | null {
  const ordered = orderQuests(quests ?? []);
  return ordered.find((q) => questState(q) === 'claimable') ?? ordered.find((q) => questState(q) === 'open') ?? null;
}

/** Whole minutes and hours until `at`, e.g. '5h 12m' or '48m' (never below 1m). */
export function timeUntil(at: Date, now: Date): string {
  const minutes = Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 60_000));
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h > 0 ? `${h}h ${m}m` : `${m}m`;
}
