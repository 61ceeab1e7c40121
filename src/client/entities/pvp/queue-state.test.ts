import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { BattleEvent } from '@common/battle-events';
import type { ServerMessage } from '@common/ws-messages';
import { pvpRoutes } from '@common/api/pvp';
import { checkAnswer, ContractError } from '@client/lib/api';
import { outcomeSound } from '@client/entities/battle/pvp-outcome';
import { queueReducer, type QueueAction } from './pvp-actions';
import { isMyTurn, outcomeFor, sidesOf, specialCooldownOf } from './pvp-selectors';
import { initialQueueState, type QueueState } from './pvp-state';
import { battleEnded, chatMessage, fighter, fromWire, queueBattle as battle, queueStatus } from './test-data';

const run = (state: QueueState, ...actions: QueueAction[]) => actions.reduce(queueReducer, state);
const msg = (message: ServerMessage): QueueAction => ({ type: 'message', message, at: { now: 0, me: 1 } });

let warned: MockInstance;
beforeEach(() => {
  warned = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  warned.mockRestore();
});

describe('the queue battle (/pvp-arena)', () => {
  it('goes idle → joining → searching, and back on leave or failure', () => {
    const joining = run(initialQueueState, { type: 'join_started' });
    expect(joining.phase).toBe('joining');
    expect(run(joining, { type: 'join_failed' }).phase).toBe('idle');
    const searching = run(joining, { type: 'join_succeeded' });
    expect(searching.phase).toBe('searching');
    expect(run(searching, { type: 'left_queue' }).phase).toBe('idle');
  });

  it('starts the battle on battle_matched and updates it on battle_turn', () => {
    const s1 = run(initialQueueState, { type: 'join_started' }, { type: 'join_succeeded' }, msg({ type: 'battle_matched', battle: battle() }));
    expect(s1.phase).toBe('battle');
    expect(s1.battle?.id).toBe(7);
    const next = battle({ currentTurn: 2, turnCount: 2, player2: fighter(2, 'bob', 30), battleLog: [{ message: 'alice hits bob for 10', attacker: 'alice', defenderHp: 30, defender: 'player2' }] });
    // A field the client does not know yet is no reason to drop the message.
    const turn = fromWire({ type: 'battle_turn', battle: next, extra: true });
    expect(turn).not.toBeNull();
    const s2 = run(s1, msg(turn!));
    expect(s2.battle?.currentTurn).toBe(2);
    expect(s2.battle?.player2.hp).toBe(30);
  });

  it('a battle that ended before both players moved is a no contest: no victory, defeat or rewards', () => {
    const s1 = run(initialQueueState, { type: 'battle', battle: battle() });
    const s2 = run(s1, msg(battleEnded(7, { winner: 2, rewards: { experience: 0, credits: 0 }, reason: 'forfeit', noContest: true })));
    expect(s2.phase).toBe('ended');
    expect(s2.ended?.noContest).toBe(true);
    expect(outcomeFor(s2.ended, 2)).toBe('no-contest');
    expect(outcomeFor(s2.ended, 1)).toBe('no-contest');
    expect(outcomeSound(outcomeFor(s2.ended, 2))).toBeNull();
    // A battle that was fought is not one.
    const fought = run(s1, msg(battleEnded(7, { winner: 2, rewards: { experience: 60, credits: 140 }, noContest: false })));
    expect(fought.ended?.noContest).toBe(false);
    expect(outcomeFor(fought.ended, 2)).toBe('victory');
    expect(outcomeSound(outcomeFor(fought.ended, 2))).toBe('victory');
    expect(outcomeSound(outcomeFor(fought.ended, 1))).toBe('defeat');
    expect(outcomeSound(null)).toBeNull();
    // An end without the flag is outside the contract: dropped before it reaches the page.
    const { noContest: _flag, ...withoutFlag } = battleEnded(7, { winner: 2, rewards: { experience: 60, credits: 140 } });
    expect(fromWire(withoutFlag)).toBeNull();
  });

  it('ignores malformed and unknown messages', () => {
    expect(fromWire(null)).toBeNull();
    expect(fromWire({ type: 'battle_matched', battle: { id: 1 } })).toBeNull();
    expect(run(initialQueueState, msg(chatMessage))).toBe(initialQueueState);
  });

  it('ends with winner and rewards, then clears; a late status does not bring the battle back', () => {
    const s1 = run(initialQueueState, { type: 'battle', battle: battle() });
    const s2 = run(s1, msg(battleEnded(7, { winner: 2, rewards: { experience: 20, credits: 50 }, reason: 'forfeit' })));
    expect(s2.phase).toBe('ended');
    expect(s2.ended?.winner).toBe(2);
    expect(s2.ended?.rewards).toEqual({ experience: 20, credits: 50 });
    expect(s2.ended?.reason).toBe('forfeit');
    expect(outcomeFor(s2.ended, 2)).toBe('victory');
    expect(outcomeFor(s2.ended, 1)).toBe('defeat');
    const s3 = run(s2, { type: 'clear' });
    expect(s3.phase).toBe('idle');
    expect(s3.battle).toBeNull();
    // The lobby still shows how it went, with its replay.
    expect(s3.last).toBe(s2.ended);
    const s4 = run(s3, { type: 'status', status: queueStatus({ inQueue: false, battle: battle() }) });
    expect(s4.phase).toBe('idle');
  });

  it('recovers an active battle from queue-status after a reload', () => {
    const s = run(initialQueueState, { type: 'status', status: queueStatus({ queueTime: 0, playersInQueue: 0, activeBattles: 1, inQueue: false, position: null, battle: battle() }) });
    expect(s.phase).toBe('battle');
    expect(run(initialQueueState, { type: 'status', status: queueStatus({ inQueue: true, position: 2 }) }).phase).toBe('searching');
  });
});

describe('helpers', () => {
  it('a queue status answer is read as its contract types it; one outside it is refused where answers are checked', () => {
    expect(() => checkAnswer(pvpRoutes.queueStatus, { queueTime: 12, playersInQueue: 3, extra: 1 }, true)).toThrow(ContractError);
    expect(() => checkAnswer(pvpRoutes.queueStatus, 'nope', true)).toThrow(ContractError);
    expect(checkAnswer(pvpRoutes.queueStatus, queueStatus({ turnSeconds: 5 }), true).turnSeconds).toBe(5);
  });

  it('knows sides, turns and the special cooldown', () => {
    const b = battle();
    expect(sidesOf(b, 2).me.username).toBe('bob');
    expect(sidesOf(b, 2).foe.username).toBe('alice');
    expect(sidesOf(b, 2).mySide).toBe(1);
    expect(sidesOf(b, 1).mySide).toBe(0);
    expect(isMyTurn(b, 1)).toBe(true);
    expect(isMyTurn(b, 2)).toBe(false);
    expect(specialCooldownOf(b, 2)).toBe(2);
    expect(specialCooldownOf(b, 1)).toBe(0);
  });

  it('keeps a battle with its events, replay, turn length, ghost flag and spectators', () => {
    const events: BattleEvent[] = [{ type: 'start', fighters: [{ name: 'A', class: 'mage', level: 1, maxHp: 20 }, { name: 'B', class: 'tank', level: 1, maxHp: 30 }], first: 0 }];
    const read = run(initialQueueState, msg({ type: 'battle_turn', battle: battle({ events, replayId: 12, turnSeconds: 7, ghost: true, spectators: 3 }) })).battle;
    expect(read).toMatchObject({ events, replayId: 12, turnSeconds: 7, ghost: true, spectators: 3 });
    // One whose fields are not what the contract says never reaches the page.
    expect(fromWire({ type: 'battle_turn', battle: { ...battle(), events: 'x', replayId: 'y' } })).toBeNull();
  });
});

describe('status while in battle', () => {
  it('drops a battle the server no longer runs', () => {
    const s = run(initialQueueState, { type: 'battle', battle: battle() });
    expect(run(s, { type: 'status', status: queueStatus({ inQueue: false, battle: null }) }).phase).toBe('idle');
    expect(run(s, { type: 'status', status: queueStatus({ inQueue: false, battle: battle({ turnCount: 3 }) }) }).battle?.turnCount).toBe(3);
  });
});

describe('status while searching', () => {
  it('shows the lobby again once the server says the search is gone, and keeps searching while it is not', () => {
    const searching = run(run(initialQueueState, { type: 'join_started' }), { type: 'join_succeeded' });
    expect(searching.phase).toBe('searching');
    expect(run(searching, { type: 'status', status: queueStatus({ inQueue: true, position: 1 }) }).phase).toBe('searching');
    const gone = run(searching, { type: 'status', status: queueStatus({ inQueue: false, battle: null }) });
    expect(gone.phase).toBe('idle');
    expect(gone.ghostOffer).toBeNull();
  });
});

describe('ghosts and spectators', () => {
  const offer = { name: 'Shade', class: 'rogue', level: 4, rating: 1510 } as const;

  it('keeps the ghost offered while searching, from the socket or the status, and drops it once fighting', () => {
    const searching = run(initialQueueState, { type: 'join_started' }, { type: 'join_succeeded' });
    const offered = run(searching, msg({ type: 'ghost_offer', ghost: offer }));
    expect(offered.ghostOffer).toEqual(offer);
    expect(run(searching, { type: 'status', status: queueStatus({ inQueue: true, ghostOffer: offer }) }).ghostOffer).toEqual(offer);
    expect(run(initialQueueState, { type: 'status', status: queueStatus({ inQueue: true, position: 1, ghostOffer: offer }) })).toMatchObject({ phase: 'searching', ghostOffer: offer });
    expect(run(offered, { type: 'battle', battle: battle({ ghost: true }) }).ghostOffer).toBeNull();
    expect(run(offered, { type: 'left_queue' }).ghostOffer).toBeNull();
    // Not searching: an offer is not shown.
    expect(run(initialQueueState, msg({ type: 'ghost_offer', ghost: offer })).ghostOffer).toBeNull();
  });

  it('counts the players watching the battle shown', () => {
    const s = run(initialQueueState, { type: 'battle', battle: battle() });
    expect(run(s, msg({ type: 'spectators', battleId: 7, count: 2 })).battle?.spectators).toBe(2);
    expect(run(s, msg({ type: 'spectators', battleId: 8, count: 2 }))).toBe(s);
  });
});
