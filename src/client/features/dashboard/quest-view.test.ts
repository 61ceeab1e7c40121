import { describe, expect, it } from 'vitest';
import type { QuestView } from '@common/quests';
import { collapsedQuests } from './quest-view';

function quest(id: string, progress: number, goal: number, claimed = false): QuestView {
  return { id, kind: id.startsWith('daily') ? 'daily' : 'first-steps', title: id, description: '', progress, goal, claimed, reward: { credits: 10, materials: [] } };
}

describe('collapsedQuests', () => {
  it('lists only the quests to claim, in order', () => {
    const list = [quest('first-steps:a', 1, 1, true), quest('first-steps:b', 1, 1), quest('first-steps:c', 0, 1), quest('daily:x', 3, 3)];
    expect(collapsedQuests(list).map((q) => q.id)).toEqual(['first-steps:b', 'daily:x']);
  });

  it('with nothing to claim, shows the next quest to do', () => {
    const list = [quest('first-steps:a', 1, 1, true), quest('first-steps:c', 0, 1), quest('daily:x', 1, 3)];
    expect(collapsedQuests(list).map((q) => q.id)).toEqual(['first-steps:c']);
  });

  it('with everything claimed, shows none', () => {
    expect(collapsedQuests([quest('daily:x', 3, 3, true)])).toEqual([]);
  });
});
