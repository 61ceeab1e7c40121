import { describe, expect, it } from 'vitest';
import type { BattleEvent } from '@common/battle-events';
import { beatStops, isBeat } from './beats';

const start: BattleEvent = {
  type: 'start',
  fighters: [
    { name: 'A', class: 'mage', level: 1, maxHp: 20 },
    { name: 'B', class: 'tank', level: 1, maxHp: 30 },
  ],
  first: 0,
};
const turn = (n: number): BattleEvent => ({ type: 'turn', turn: n, round: 1, actor: 0 });
const miss: BattleEvent = { type: 'miss', actor: 0, target: 1, flavor: 0 };

describe('beatStops', () => {
  it('stops after the start, then after each move with its turn and skill before it', () => {
    const events: BattleEvent[] = [start, turn(1), { type: 'skill', actor: 0, name: 'Zap', kind: 'active' }, miss, turn(2), { type: 'defend', actor: 1 }];
    expect(beatStops(events)).toEqual([1, 4, 6]);
  });

  it('the end is a beat of its own, after a knockout blow or a forfeit', () => {
    const ko: BattleEvent[] = [start, turn(1), { type: 'hit', actor: 0, target: 1, damage: 30, critical: false, hpAfter: 0, ability: null, flavor: 0 }, { type: 'end', winner: 0, reason: 'knockout', hp: [20, 0] }];
    expect(beatStops(ko)).toEqual([1, 3, 4]);
    expect(beatStops([start, { type: 'forfeit', actor: 1 }, { type: 'end', winner: 0, reason: 'forfeit', hp: [20, 30] }])).toEqual([1, 2, 3]);
  });

  it('a move still under way (its turn came, its blow not yet) is a last stop', () => {
    expect(beatStops([start, turn(1), miss, turn(2)])).toEqual([1, 3, 4]);
  });

  it('a stream that does not begin with the start stops at 0 first', () => {
    expect(beatStops([])).toEqual([0]);
    expect(beatStops([miss])).toEqual([0, 1]);
  });

  it('turn and skill events are not beats', () => {
    expect([start, turn(1), { type: 'skill', actor: 0, name: 'Zap', kind: 'active' } as BattleEvent].some(isBeat)).toBe(false);
    expect(isBeat(miss)).toBe(true);
  });
});
