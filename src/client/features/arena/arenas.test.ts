import { describe, expect, it } from 'vitest';
import { ARENAS, levelFits, levelRange } from './arenas';

describe('arenas', () => {
  it('cover SPEC §9 level ranges', () => {
    expect(ARENAS.map((a) => [a.id, a.name, levelRange(a)])).toEqual([
      ['arena1', 'Training Grounds', 'Level 1-10'],
      ['arena2', 'Gladiator Pit', 'Level 11-25'],
      ['arena3', 'Champions Arena', 'Level 26-50'],
      ['arena4', 'Legends Colosseum', 'Level 51-999'],
    ]);
  });

  it('let exactly one arena fit each level', () => {
    for (const level of [1, 10, 11, 25, 26, 50, 51, 999]) {
      expect(ARENAS.filter((a) => levelFits(a, level))).toHaveLength(1);
    }
    expect(ARENAS.some((a) => levelFits(a, 1000))).toBe(false);
  });
});
