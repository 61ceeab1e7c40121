import { describe, expect, it } from 'vitest';
import type { BattleResultView } from '@common/game-api';
import { outcomeOf, resultLine } from './pve-result';

describe('resultLine', () => {
  it('spells out victory and defeat', () => {
    expect(resultLine({ result: 'victory', experienceGained: 60, creditsGained: 70 })).toBe('Victory! +60 XP, +70 credits');
    expect(resultLine({ result: 'defeat', experienceGained: 13, creditsGained: 0 })).toBe('Defeat... +13 XP');
  });
});

describe('outcomeOf', () => {
  it('keeps the line, the level reached and the replay to watch', () => {
    const result = { result: 'victory', experienceGained: 60, creditsGained: 70, levelsGained: 1, character: { level: 4 }, replayId: 31 } as BattleResultView;
    expect(outcomeOf(result)).toEqual({ result: 'victory', line: 'Victory! +60 XP, +70 credits', levelsGained: 1, level: 4, replayId: 31 });
  });
});
