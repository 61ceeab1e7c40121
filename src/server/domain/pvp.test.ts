import { describe, expect, it } from 'vitest';
import { pvpBattleRewards } from './pvp';

describe('PvP rewards', () => {
  it('pay the winner by the level of the opponent beaten, the loser a little experience', () => {
    expect(pvpBattleRewards(4, { ghost: false, noContest: false })).toEqual({
      winner: { experience: 90, credits: 180 },
      loser: { experience: 10, credits: 0 },
    });
  });

  it('pay half against a ghost, and nothing for a battle that was no contest', () => {
    expect(pvpBattleRewards(5, { ghost: true, noContest: false })).toEqual({
      winner: { experience: 50, credits: 100 },
      loser: { experience: 5, credits: 0 },
    });
    expect(pvpBattleRewards(5, { ghost: false, noContest: true })).toEqual({
      winner: { experience: 0, credits: 0 },
      loser: { experience: 0, credits: 0 },
    });
  });
});
