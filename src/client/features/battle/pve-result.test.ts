import { describe, expect, it } from 'vitest';
import type { BattleResultView } from '@common/game-api';
import { droppedText, outcomeOf, outcomeText, resultLine } from './pve-result';

const shard = { id: 'glitch_shard', name: 'Glitch Shard', amount: 2 };
const core = { id: 'neon_core', name: 'Neon Core', amount: 1 };

describe('resultLine', () => {
  it('spells out victory and defeat', () => {
    expect(resultLine({ result: 'victory', experienceGained: 60, creditsGained: 70 })).toBe('Victory! +60 XP, +70 credits');
    expect(resultLine({ result: 'defeat', experienceGained: 13, creditsGained: 0 })).toBe('Defeat... +13 XP');
  });

  it('shows the credits a defeat pays', () => {
    expect(resultLine({ result: 'defeat', experienceGained: 7, creditsGained: 5 })).toBe('Defeat... +7 XP, +5 credits');
  });

  it('names the materials dropped', () => {
    expect(resultLine({ result: 'victory', experienceGained: 60, creditsGained: 70, materialsGained: [shard, core] })).toBe(
      'Victory! +60 XP, +70 credits. Dropped: 2× Glitch Shard, 1× Neon Core',
    );
    expect(resultLine({ result: 'victory', experienceGained: 60, creditsGained: 70, materialsGained: [] })).toBe('Victory! +60 XP, +70 credits');
  });
});

describe('droppedText', () => {
  it('is null when nothing dropped', () => {
    expect(droppedText(undefined)).toBeNull();
    expect(droppedText([])).toBeNull();
    expect(droppedText([{ ...shard, amount: 0 }])).toBeNull();
    expect(droppedText([shard])).toBe('Dropped: 2× Glitch Shard');
  });
});

describe('outcomeOf', () => {
  const base = { experienceGained: 60, creditsGained: 70, levelsGained: 1, character: { level: 4 }, replayId: 31 };

  it('keeps the line, the drops, the level reached and the replay to watch', () => {
    const result = { ...base, result: 'victory', materialsGained: [shard] } as unknown as BattleResultView;
    expect(outcomeOf(result)).toEqual({
      result: 'victory',
      line: 'Victory! +60 XP, +70 credits. Dropped: 2× Glitch Shard',
      drops: 'Dropped: 2× Glitch Shard',
      levelsGained: 1,
      level: 4,
      replayId: 31,
      firstDefeat: false,
    });
  });

  it('marks a first defeat only when the server says so', () => {
    const defeat = (firstDefeat?: boolean) => ({ ...base, result: 'defeat', firstDefeat }) as unknown as BattleResultView;
    expect(outcomeOf(defeat(true)).firstDefeat).toBe(true);
    expect(outcomeOf(defeat(false)).firstDefeat).toBe(false);
    expect(outcomeOf(defeat()).firstDefeat).toBe(false);
  });
});

describe('outcomeText', () => {
  it('ends the result line before the level-up, which is a sentence of its own', () => {
    expect(outcomeText({ line: 'Victory! +60 XP, +70 credits', levelsGained: 1, level: 4 })).toBe('Victory! +60 XP, +70 credits. LEVEL UP! Now level 4.');
    expect(outcomeText({ line: 'Victory! +60 XP, +70 credits. Dropped: 2× Glitch Shard', levelsGained: 2, level: 5 })).toBe(
      'Victory! +60 XP, +70 credits. Dropped: 2× Glitch Shard. LEVEL UP! Now level 5.',
    );
  });

  it('is the result line alone without a level-up', () => {
    expect(outcomeText({ line: 'Defeat... +7 XP', levelsGained: 0, level: 1 })).toBe('Defeat... +7 XP');
  });
});
