import { describe, expect, it } from 'vitest';
import type { BattleEvent } from '@common/battle-events';
import { stageLogLines } from './log-lines';
import { playEvents } from './stage-state';

const start: BattleEvent = {
  type: 'start',
  fighters: [
    { name: 'Left', class: 'warrior', level: 1, maxHp: 30 },
    { name: 'Right', class: 'mage', level: 1, maxHp: 30 },
  ],
  first: 0,
};

describe('stageLogLines', () => {
  it("colours each blow by its side and the end as the viewer's win or loss; a watcher's end is a knockout either way", () => {
    const knockout = (winner: 0 | 1): BattleEvent[] => [
      start,
      { type: 'hit', actor: winner, target: winner === 0 ? 1 : 0, damage: 30, critical: false, hpAfter: 0, ability: null, flavor: 0 },
      { type: 'end', winner, reason: 'knockout', hp: winner === 0 ? [30, 0] : [0, 30] },
    ];
    const tones = (events: BattleEvent[], left: 0 | 1, watching?: boolean) => stageLogLines(playEvents(events), left, watching).map((l) => l.tone);
    expect(tones(knockout(0), 0)).toEqual(['player', 'ko']);
    expect(tones(knockout(1), 0)).toEqual(['enemy', 'fall']);
    expect(tones(knockout(0), 1)).toEqual(['enemy', 'fall']);
    expect(tones(knockout(1), 1)).toEqual(['player', 'ko']);
    expect(tones(knockout(1), 0, true)).toEqual(['enemy', 'ko']);
  });
});
