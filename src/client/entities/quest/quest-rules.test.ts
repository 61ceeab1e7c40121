import { describe, expect, it } from 'vitest';
import type { QuestView } from '@common/quests';
import { orderQuests, questState, suggestedQuest, timeUntil } from './quest-rules';

const quest = (id: string, kind: QuestView['kind'], progress: number, goal: number, claimed = false): QuestView => ({
  id,
  kind,
  title: id,
  description: '',
  progress,
  goal,
  reward: { credits: 100, materials: [] },
  claimed,
});

describe('quests', () => {
  it('read as open, claimable or claimed', () => {
    expect(questState(quest('a', 'daily', 1, 3))).toBe('open');
    expect(questState(quest('a', 'daily', 3, 3))).toBe('claimable');
    expect(questState(quest('a', 'daily', 4, 3))).toBe('claimable');
    expect(questState(quest('a', 'daily', 3, 3, true))).toBe('claimed');
  });

  it('list the first steps before the dailies', () => {
    const list = [quest('d1', 'daily', 0, 3), quest('f1', 'first-steps', 1, 1), quest('d2', 'daily', 0, 1), quest('f2', 'first-steps', 0, 1)];
    expect(orderQuests(list).map((q) => q.id)).toEqual(['f1', 'f2', 'd1', 'd2']);
  });

  it('suggest a reward to claim first, else the first open quest', () => {
    const open = quest('f2', 'first-steps', 0, 1);
    const done = quest('d1', 'daily', 3, 3);
    const claimed = quest('f1', 'first-steps', 1, 1, true);
    expect(suggestedQuest([claimed, open, done])?.id).toBe('d1');
    expect(suggestedQuest([claimed, open])?.id).toBe('f2');
    expect(suggestedQuest([claimed])).toBeNull();
    expect(suggestedQuest(undefined)).toBeNull();
  });

  it('count down to the daily reset', () => {
    const now = new Date(Date.UTC(2026, 10, 24, 18, 47, 30));
    expect(timeUntil(new Date(Date.UTC(2026, 10, 25)), now)).toBe('5h 13m');
    expect(timeUntil(new Date(Date.UTC(2026, 10, 24, 19)), now)).toBe('13m');
    expect(timeUntil(now, now)).toBe('1m');
  });
});
