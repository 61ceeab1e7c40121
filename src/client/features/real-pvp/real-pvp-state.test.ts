import { describe, expect, it } from 'vitest';
import type { CharacterView } from '@common/game-api';
import { bestCharacter, initialRealState, realPvpReducer, turnSecondsLeft, type RealPvpAction, type RealPvpState } from './real-pvp-state';

const ME = 1;
const NOW = 1_000_000;
const msg = (message: unknown, now = NOW): RealPvpAction => ({ type: 'message', message, now, myUserId: ME, turnMs: 30_000 });
const run = (state: RealPvpState, ...actions: RealPvpAction[]) => actions.reduce(realPvpReducer, state);

const battleView = (status: string) => ({
  battleId: 9,
  status,
  opponent: { username: 'bob', character: { id: 20, name: 'Bobby' }, hp: 40, maxHP: 40 },
  yourCharacter: { character: { id: 10, name: 'Ally' }, hp: 50, maxHP: 50, wins: 1, losses: 0 },
  yourSlot: 'player1',
  yourTurn: true,
  turnDeadline: null,
  winner: null,
});

describe('realPvpReducer', () => {
  it('follows queue_joined → battle_found → battle_started → battle_action → turn_changed → battle_ended', () => {
    let s = run(initialRealState, { type: 'join_sent' });
    expect(s.phase).toBe('joining');
    s = run(s, msg({ type: 'queue_joined', position: 2, estimatedWait: 30 }));
    expect(s).toMatchObject({ phase: 'searching', position: 2, estimatedWait: 30 });
    s = run(s, msg({ type: 'battle_found', battle: battleView('waiting') }));
    expect(s.phase).toBe('waiting');
    expect(s.battle?.opponent?.username).toBe('bob');
    s = run(s, msg({ type: 'battle_started', battle: battleView('active') }));
    expect(s.phase).toBe('active');
    expect(s.turnEndsAt).toBe(NOW + 30_000);
    // My turn: I am player1, the opponent lost 12.
    s = run(s, msg({ type: 'battle_action', battleId: 9, turn: 1, player1HP: 50, player2HP: 28, message: 'Ally hits Bobby for 12' }));
    expect(s.mySlot).toBe('player1');
    expect(s.battle?.opponent?.hp).toBe(28);
    expect(s.lastHit).toEqual({ seq: 0, defender: 'enemy', damage: 12, critical: false });
    expect(s.battle?.yourCharacter.hp).toBe(50);
    expect(s.log.at(-1)?.text).toBe('Turn 1: Ally hits Bobby for 12');
    const seq = s.turnSeq;
    s = run(s, msg({ type: 'turn_changed', battleId: 9, yourTurn: false, turnDeadline: new Date(NOW + 5_000 + 30_000).toISOString() }, NOW + 5_000));
    expect(s.yourTurn).toBe(false);
    expect(s.turnSeq).toBe(seq + 1);
    expect(s.turnEndsAt).toBe(NOW + 35_000);
    s = run(s, msg({ type: 'battle_action', battleId: 9, turn: 2, player1HP: 41, player2HP: 28, message: 'Bobby hits Ally for 9' }));
    expect(s.battle?.yourCharacter.hp).toBe(41);
    expect(s.lastHit).toEqual({ seq: 1, defender: 'player', damage: 9, critical: false });
    s = run(s, msg({ type: 'battle_ended', battleId: 9, winner: ME, rewards: { experience: 30, credits: 75 } }));
    expect(s.phase).toBe('completed');
    expect(s.winner).toBe(ME);
    expect(s.rewards).toEqual({ experience: 30, credits: 75 });
    expect(run(s, { type: 'reset' }).phase).toBe('idle');
  });

  it('reads HP from the slot the battle names', () => {
    let s = run(initialRealState, msg({ type: 'battle_started', battle: { ...battleView('active'), yourSlot: 'player2' } }));
    s = run(s, msg({ type: 'battle_action', battleId: 9, player1HP: 50, player2HP: 50, message: 'x' }));
    expect(s.mySlot).toBe('player2');
    expect(s.battle?.opponent?.hp).toBe(50);
  });

  it('ignores messages of other battles and junk', () => {
    const s = run(initialRealState, msg({ type: 'battle_started', battle: battleView('active') }));
    expect(run(s, msg({ type: 'battle_ended', battleId: 99, winner: 2 }))).toBe(s);
    expect(run(s, msg('junk'))).toBe(s);
    expect(run(initialRealState, msg({ type: 'battle_action', player1HP: 1, player2HP: 1 }))).toBe(initialRealState);
  });

  it('leaves the queue on cancel and on queue_left', () => {
    const searching = run(initialRealState, { type: 'join_sent' }, msg({ type: 'queue_joined', position: 1 }));
    expect(run(searching, { type: 'leave_sent' }).phase).toBe('idle');
    expect(run(searching, msg({ type: 'queue_left' })).phase).toBe('idle');
  });
});

describe('helpers', () => {
  it('counts the turn down in whole seconds', () => {
    expect(turnSecondsLeft(NOW + 30_000, NOW)).toBe(30);
    expect(turnSecondsLeft(NOW + 30_000, NOW + 29_001)).toBe(1);
    expect(turnSecondsLeft(NOW + 30_000, NOW + 31_000)).toBe(0);
    expect(turnSecondsLeft(null, NOW)).toBe(0);
  });

  it('picks the best free character', () => {
    const c = (id: number, level: number, wins: number, listed = false) => ({ id, level, wins, listing: listed ? {} : null }) as unknown as CharacterView;
    expect(bestCharacter([c(1, 2, 0), c(2, 5, 1, true), c(3, 3, 4), c(4, 3, 2)])?.id).toBe(3);
    expect(bestCharacter([])).toBeNull();
  });
});

describe('slots', () => {
  it('as player2, my HP is player2HP whoever moved', () => {
    const asPlayer2 = (yourTurn: boolean) => ({ ...battleView('active'), yourSlot: 'player2', yourTurn });
    // The opponent hit me.
    let s = run(initialRealState, msg({ type: 'battle_started', battle: asPlayer2(false) }));
    s = run(s, msg({ type: 'battle_action', battleId: 9, player1HP: 40, player2HP: 38, message: 'hit' }));
    expect(s.battle?.yourCharacter.hp).toBe(38);
    expect(s.battle?.opponent?.hp).toBe(40);
    // I hit the opponent.
    s = run(initialRealState, msg({ type: 'battle_started', battle: asPlayer2(true) }));
    s = run(s, msg({ type: 'battle_action', battleId: 9, player1HP: 31, player2HP: 50, message: 'hit' }));
    expect(s.battle?.opponent?.hp).toBe(31);
    expect(s.battle?.yourCharacter.hp).toBe(50);
  });
});

describe('battle_ended with the full battle', () => {
  it('sets the final HP of both sides', () => {
    let s = run(initialRealState, msg({ type: 'battle_started', battle: battleView('active') }));
    s = run(s, msg({ type: 'battle_ended', battleId: 9, winner: 2, rewards: { experience: 5, credits: 0 }, battle: { player1: { id: 2, hp: 12 }, player2: { id: ME, hp: 0 } } }));
    expect(s.mySlot).toBe('player2');
    expect(s.battle?.yourCharacter.hp).toBe(0);
    expect(s.battle?.opponent?.hp).toBe(12);
    expect(s.phase).toBe('completed');
  });
});

describe('repeated battle_started', () => {
  it('refreshes the running battle without a new log line', () => {
    const s = run(initialRealState, msg({ type: 'battle_found', battle: battleView('waiting') }), msg({ type: 'battle_started', battle: battleView('active') }));
    const again = run(s, msg({ type: 'battle_started', battle: battleView('active') }));
    expect(again.log.length).toBe(s.log.length);
    expect(again.phase).toBe('active');
  });
});

describe('errors', () => {
  it('undoes a pending join but keeps a running search', () => {
    const joining = run(initialRealState, { type: 'join_sent' });
    expect(run(joining, { type: 'error' }).phase).toBe('idle');
    const searching = run(joining, msg({ type: 'queue_joined', position: 1 }));
    expect(run(searching, { type: 'error' }).phase).toBe('searching');
  });
});
