import type { QuestView } from '@common/quests';
import { questState } from '@client/entities/quest/quest-rules';

/**
 * The quests a collapsed panel lists, in the order given: those to claim, else the first one
 * still open (the next step), else none.
 */
export function collapsedQuests(ordered: readonly QuestView[]): QuestView[] {
  const claimable = ordered.filter((q) => questState(q) === 'claimable');
  if (claimable.length > 0) return claimable;
  const next = ordered.find((q) => questState(q) === 'open');
  return next ? [next] : [];
}
