import { describe, expect, it } from 'vitest';
import type { BattleEvent } from '@common/battle-events';
import { moveBeat } from './beat-position';
import { beatStops } from './beats';
import { playEvents } from './stage-state';

const events: BattleEvent[] = [
  {
    type: 'start',
    fighters: [
      { name: 'Neon Byte', class: 'warrior', level: 1, maxHp: 30 },
      { name: 'Glitch Rat', class: 'rogue', level: 1, maxHp: 20 },
    ],
    first: 0,
  },
  { type: 'turn', turn: 1, round: 1, actor: 0 },
  { type: 'hit', actor: 0, target: 1, damage: 12, critical: false, hpAfter: 8, ability: null, flavor: 0 },
  { type: 'turn', turn: 2, round: 1, actor: 1 },
  { type: 'miss', actor: 1, target: 0, flavor: 0 },
  { type: 'turn', turn: 3, round: 2, actor: 0 },
  { type: 'hit', actor: 0, target: 1, damage: 9, critical: true, hpAfter: 0, ability: null, flavor: 0 },
  { type: 'end', winner: 0, reason: 'knockout', hp: [30, 0] },
];

describe('moveBeat', () => {
  const stops = beatStops(events);
  const last = stops.length - 1;

  it('skip jumps from any stop to the last one, which shows the whole battle', () => {
    for (let i = 0; i <= last; i += 1) expect(moveBeat(i, last, { type: 'skip' })).toBe(last);
    const skipped = playEvents(events.slice(0, stops[moveBeat(1, last, { type: 'skip' })]));
    const played = playEvents(events);
    expect(skipped).toEqual(played);
    expect(skipped.end).toEqual({ winner: 0, reason: 'knockout' });
    expect(skipped.hp).toEqual([30, 0]);
    expect(skipped.log.map((l) => l.kind)).toEqual(['hit', 'miss', 'hit', 'end']);
  });

  it('nothing moves on after a skip: a tick or a step forward stays on the outcome', () => {
    const skipped = moveBeat(0, last, { type: 'skip' });
    expect(moveBeat(skipped, last, { type: 'tick' })).toBe(last);
    expect(moveBeat(skipped, last, { type: 'step', by: 1 })).toBe(last);
    expect(moveBeat(skipped, last, { type: 'step', by: -1 })).toBe(last - 1);
  });

  it('ticks one beat at a time, or catch up when a live view lags too far', () => {
    expect(moveBeat(0, last, { type: 'tick' })).toBe(1);
    expect(moveBeat(0, last, { type: 'tick', lag: 3 })).toBe(last);
    expect(moveBeat(last - 2, last, { type: 'tick', lag: 3 })).toBe(last - 1);
    expect(moveBeat(3, last, { type: 'restart' })).toBe(0);
    expect(moveBeat(0, last, { type: 'step', by: -1 })).toBe(0);
  });
});
