import { describe, expect, it } from 'vitest';
import type { CharacterView } from '@common/game-api';
import type { PvpBattleView, PvpFighterView } from '@common/pvp';
import { outcomeSound } from '@client/entities/battle/pvp-outcome';
import {
  asBattle,
  asQueueStatus,
  initialQueueState,
  isMyTurn,
  joinErrorTitle,
  outcomeFor,
  pvpQueueReducer,
  sidesOf,
  specialCooldownOf,
  type PvpQueueState,
} from './pvp-queue-state';

function fighter(id: number, name: string, hp = 40): PvpFighterView {
  return { id, username: name, character: { id: id * 10, name: `${name}-char` } as unknown as CharacterView, hp, maxHp: 40, rating: { rating: 1500, deviation: 350 } };
}

function battle(over: Partial<PvpBattleView> = {}): PvpBattleView {
  return {
    id: 7,
    variant: 'queue',
    status: 'active',
    player1: fighter(1, 'alice'),
    player2: fighter(2, 'bob'),
    currentTurn: 1,
    turnCount: 1,
    turnDeadline: '2026-01-01T00:00:30.000Z',
    battleLog: [],
    specialCooldown: { '1': 0, '2': 2 },
    winner: null,
    ...over,
  } as unknown as PvpBattleView;
}

const run = (state: PvpQueueState, ...actions: Parameters<typeof pvpQueueReducer>[1][]) => actions.reduce(pvpQueueReducer, state);

describe('pvpQueueReducer', () => {
  it('goes idle → joining → searching, and back on leave or failure', () => {
    const joining = run(initialQueueState, { type: 'join_started' });
    expect(joining.phase).toBe('joining');
    expect(run(joining, { type: 'join_failed' }).phase).toBe('idle');
    const searching = run(joining, { type: 'join_succeeded' });
    expect(searching.phase).toBe('searching');
    expect(run(searching, { type: 'left_queue' }).phase).toBe('idle');
  });

  it('starts the battle on battle_matched and updates it on battle_turn', () => {
    const s1 = run(initialQueueState, { type: 'join_started' }, { type: 'join_succeeded' }, { type: 'message', message: { type: 'battle_matched', battle: battle() } });
    expect(s1.phase).toBe('battle');
    expect(s1.battle?.id).toBe(7);
    const next = battle({ currentTurn: 2, turnCount: 2, player2: fighter(2, 'bob', 30), battleLog: [{ message: 'alice hits bob for 10', attacker: 'alice', defenderHp: 30, defender: 'player2' }] });
    const s2 = run(s1, { type: 'message', message: { type: 'battle_turn', battle: next, extra: true } });
    expect(s2.battle?.currentTurn).toBe(2);
    expect(s2.battle?.player2.hp).toBe(30);
  });

  it('a battle that ended before both players moved is a no contest: no victory, defeat or rewards', () => {
    const s1 = run(initialQueueState, { type: 'battle', battle: battle() });
    const s2 = run(s1, {
      type: 'message',
      message: { type: 'battle_ended', battleId: 7, winner: 2, rewards: { experience: 0, credits: 0 }, reason: 'forfeit', noContest: true },
    });
    expect(s2.phase).toBe('ended');
    expect(s2.ended?.noContest).toBe(true);
    expect(outcomeFor(s2.ended, 2)).toBe('no-contest');
    expect(outcomeFor(s2.ended, 1)).toBe('no-contest');
    expect(outcomeSound(outcomeFor(s2.ended, 2))).toBeNull();
    // A battle that was fought is not one, whether the flag is false or missing.
    for (const extra of [{ noContest: false }, {}]) {
      const fought = run(s1, { type: 'message', message: { type: 'battle_ended', battleId: 7, winner: 2, rewards: { experience: 60, credits: 140 }, ...extra } });
      expect(fought.ended?.noContest).toBe(false);
      expect(outcomeFor(fought.ended, 2)).toBe('victory');
      expect(outcomeSound(outcomeFor(fought.ended, 2))).toBe('victory');
      expect(outcomeSound(outcomeFor(fought.ended, 1))).toBe('defeat');
    }
    expect(outcomeSound(null)).toBeNull();
  });

  it('ignores malformed and unknown messages', () => {
    expect(run(initialQueueState, { type: 'message', message: null })).toBe(initialQueueState);
    expect(run(initialQueueState, { type: 'message', message: { type: 'battle_matched', battle: { id: 1 } } })).toBe(initialQueueState);
    expect(run(initialQueueState, { type: 'message', message: { type: 'chat_message' } })).toBe(initialQueueState);
  });

  it('ends with winner and rewards, then clears; a late status does not bring the battle back', () => {
    const s1 = run(initialQueueState, { type: 'battle', battle: battle() });
    const s2 = run(s1, { type: 'message', message: { type: 'battle_ended', battleId: 7, winner: 2, rewards: { experience: 20, credits: 50 }, reason: 'forfeit' } });
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
    const s4 = run(s3, { type: 'status', status: { inQueue: false, battle: battle() } });
    expect(s4.phase).toBe('idle');
  });

  it('recovers an active battle from queue-status after a reload', () => {
    const s = run(initialQueueState, { type: 'status', status: { queueTime: 0, playersInQueue: 0, activeBattles: 1, inQueue: false, position: null, battle: battle() } });
    expect(s.phase).toBe('battle');
    expect(run(initialQueueState, { type: 'status', status: { inQueue: true, position: 2 } }).phase).toBe('searching');
  });
});

describe('helpers', () => {
  it('reads queue status defensively', () => {
    expect(asQueueStatus({ queueTime: 12, playersInQueue: 3, extra: 1 })).toEqual({
      queueTime: 12,
      playersInQueue: 3,
      activeBattles: 0,
      inQueue: false,
      position: null,
      battle: null,
      ghostOffer: null,
      turnSeconds: 0,
    });
    expect(asQueueStatus({ turnSeconds: 5 })?.turnSeconds).toBe(5);
    expect(asQueueStatus('nope')).toBeNull();
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

  it('reads a battle with its events, replay, turn length, ghost flag and spectators', () => {
    const events = [{ type: 'start', fighters: [], first: 0 }];
    const read = asBattle({ ...battle(), events, replayId: 12, turnSeconds: 7, ghost: true, spectators: 3 });
    expect(read).toMatchObject({ events, replayId: 12, turnSeconds: 7, ghost: true, spectators: 3 });
    expect(asBattle({ ...battle(), events: 'x', replayId: 'y' })).toMatchObject({ events: [], replayId: null, ghost: false, spectators: 0 });
  });

  it('titles join errors', () => {
    expect(joinErrorTitle('PvP cooldown: wait 40s')).toBe('PvP Cooldown');
    expect(joinErrorTitle('Already in queue')).toBe('Queue Failed');
  });
});

describe('status while in battle', () => {
  it('drops a battle the server no longer runs', () => {
    const s = run(initialQueueState, { type: 'battle', battle: battle() });
    expect(run(s, { type: 'status', status: { inQueue: false, battle: null } }).phase).toBe('idle');
    expect(run(s, { type: 'status', status: { inQueue: false, battle: battle({ turnCount: 3 }) } }).battle?.turnCount).toBe(3);
  });
});

describe('ghosts and spectators', () => {
  const offer = { name: 'Shade', class: 'rogue', level: 4, rating: 1510 };

  it('keeps the ghost offered while searching, from the socket or the status, and drops it once fighting', () => {
    const searching = run(initialQueueState, { type: 'join_started' }, { type: 'join_succeeded' });
    const offered = run(searching, { type: 'message', message: { type: 'ghost_offer', ghost: offer } });
    expect(offered.ghostOffer).toEqual(offer);
    expect(run(searching, { type: 'status', status: { inQueue: true, ghostOffer: offer } }).ghostOffer).toEqual(offer);
    expect(run(initialQueueState, { type: 'status', status: { inQueue: true, position: 1, ghostOffer: offer } })).toMatchObject({ phase: 'searching', ghostOffer: offer });
    expect(run(offered, { type: 'battle', battle: battle({ ghost: true }) }).ghostOffer).toBeNull();
    expect(run(offered, { type: 'left_queue' }).ghostOffer).toBeNull();
    // Not searching: an offer is not shown.
    expect(run(initialQueueState, { type: 'message', message: { type: 'ghost_offer', ghost: offer } }).ghostOffer).toBeNull();
  });

  it('counts the players watching the battle shown', () => {
    const s = run(initialQueueState, { type: 'battle', battle: battle() });
    expect(run(s, { type: 'message', message: { type: 'spectators', battleId: 7, count: 2 } }).battle?.spectators).toBe(2);
    expect(run(s, { type: 'message', message: { type: 'spectators', battleId: 8, count: 2 } })).toBe(s);
  });
});
