import { describe, expect, it } from 'vitest';
import { note } from '@client/entities/battle/log-lines';
import { duelLog, duelSide, duelTurnSeconds, inDuel } from './pvp-selectors';
import { initialDuelState, type DuelState } from './pvp-state';
import { queueStatus, realtimeBattle } from './test-data';

describe('duel selectors', () => {
  it('the stage shows once a duel is found, until the player goes back to the lobby', () => {
    const phases = ['idle', 'joining', 'searching', 'waiting', 'active', 'completed'] as const;
    expect(phases.filter((phase) => inDuel({ phase }))).toEqual(['waiting', 'active', 'completed']);
  });

  it('the player’s side follows the slot the duel names', () => {
    expect(duelSide(initialDuelState)).toBe(0);
    expect(duelSide({ battle: realtimeBattle({ yourSlot: 'player1' }) })).toBe(0);
    expect(duelSide({ battle: realtimeBattle({ yourSlot: 'player2' }) })).toBe(1);
  });

  it('the log puts the duel’s own lines around the fight’s', () => {
    const state: Pick<DuelState, 'intro' | 'closing'> = { intro: [note('fight', 'FIGHT!', 'system')], closing: note('end', 'Victory!', 'ko') };
    const fight = [note('hit', 'Ally slashes Bobby', 'player')];
    expect(duelLog(state, fight).map((l) => l.text)).toEqual(['FIGHT!', 'Ally slashes Bobby', 'Victory!']);
    expect(duelLog(initialDuelState, fight).map((l) => l.text)).toEqual(['Ally slashes Bobby']);
  });

  it('the turn length is the duel’s, else the queue status’s, else unknown (0)', () => {
    expect(duelTurnSeconds({ battle: realtimeBattle({ turnSeconds: 12 }) }, queueStatus({ turnSeconds: 30 }))).toBe(12);
    expect(duelTurnSeconds(initialDuelState, queueStatus({ turnSeconds: 30 }))).toBe(30);
    expect(duelTurnSeconds(initialDuelState, undefined)).toBe(0);
  });
});
