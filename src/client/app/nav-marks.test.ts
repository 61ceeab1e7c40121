import { describe, expect, it } from 'vitest';
import { navCounts } from './nav-marks';

describe('navCounts', () => {
  const quest = (progress: number, goal: number, claimed = false) => ({ progress, goal, claimed });

  it('counts the finished quests not claimed yet', () => {
    expect(navCounts([quest(1, 1), quest(3, 3, true), quest(0, 1), quest(5, 3)], null).claimableQuests).toBe(2);
    expect(navCounts(undefined, null).claimableQuests).toBe(0);
  });

  it("adds the current character's stat and skill points", () => {
    expect(navCounts([], { statPoints: 3, skillPoints: 1 }).unspentPoints).toBe(4);
    expect(navCounts([], { statPoints: 0, skillPoints: 0 }).unspentPoints).toBe(0);
    expect(navCounts([], null).unspentPoints).toBe(0);
  });
});
