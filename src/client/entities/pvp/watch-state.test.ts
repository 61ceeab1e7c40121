import { describe, expect, it } from 'vitest';
import type { BattleEvent } from '@common/battle-events';
import type { SpectatorView } from '@common/pvp';
import type { ServerMessage } from '@common/ws-messages';
import { pvpReducer } from './pvp-reducer';
import { initialWatchState, type WatchState } from './pvp-state';
import { spectatorBattle } from './test-data';

const START: BattleEvent = {
  type: 'start',
  fighters: [
    { name: 'Left', class: 'mage', level: 3, maxHp: 30 },
    { name: 'Right', class: 'tank', level: 3, maxHp: 50 },
  ],
  first: 1,
};
const view = (over: Partial<SpectatorView> = {}) => spectatorBattle({ events: [START], ...over });
const move: BattleEvent[] = [
  { type: 'turn', turn: 1, round: 1, actor: 1 },
  { type: 'miss', actor: 1, target: 0, flavor: 0 },
];

const initial = initialWatchState(4);
const watch = (state: WatchState, message: ServerMessage) => pvpReducer(state, message, { now: 0, me: 3 });

describe('watching a battle (/pvp?watch=)', () => {
  it('starts with the battle so far, adds each action, and ends with the winner and the replay', () => {
    let s = watch(initial, { type: 'spectate_started', battle: view() });
    expect(s).toMatchObject({ phase: 'watching', events: [START], turnDeadline: '2026-01-01T00:00:30.000Z' });
    s = watch(s, { type: 'spectate_event', battleId: 4, events: move, turnDeadline: '2026-01-01T00:01:00.000Z' });
    expect(s.events).toHaveLength(3);
    expect(s.turnDeadline).toBe('2026-01-01T00:01:00.000Z');
    s = watch(s, { type: 'spectate_ended', battleId: 4, winner: 1, replayId: 55 });
    expect(s).toMatchObject({ phase: 'ended', winner: 1, replayId: 55, turnDeadline: null });
  });

  it('ignores other battles, and says why a battle cannot be watched', () => {
    const s = watch(initial, { type: 'spectate_started', battle: view({ battleId: 5 }) });
    expect(s).toBe(initial);
    const refused = watch(initial, { type: 'error', message: 'You are fighting this battle' });
    expect(refused).toMatchObject({ phase: 'refused', refusal: 'You are fighting this battle' });
    const watching = watch(initial, { type: 'spectate_started', battle: view() });
    expect(watch(watching, { type: 'error', message: 'Too fast' })).toBe(watching);
    expect(watch(watching, { type: 'spectate_event', battleId: 5, events: move, turnDeadline: '2026-01-01T00:01:00.000Z' })).toBe(watching);
  });

  it('a battle already over shows as ended', () => {
    expect(watch(initial, { type: 'spectate_started', battle: view({ status: 'completed', winner: 0, replayId: 8 }) })).toMatchObject({ phase: 'ended', winner: 0, replayId: 8 });
  });
});
