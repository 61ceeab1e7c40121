import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { BattleEvent } from '@common/battle-events';
import type { RealtimeBattleView } from '@common/pvp';
import type { ServerMessage } from '@common/ws-messages';
import { NO_CONTEST_TEXT } from '@client/entities/battle/pvp-outcome';
import { playEvents } from '@client/entities/battle/stage-state';
import { duelReducer, type DuelAction } from './pvp-actions';
import { duelOutcome } from './pvp-selectors';
import { initialDuelState, type DuelState } from './pvp-state';
import { battleAction, battleEnded, fromWire, queueBattle, realtimeBattle } from './test-data';

const ME = 1;
const NOW = 1_000_000;
const msg = (message: ServerMessage, now = NOW): DuelAction => ({ type: 'message', message, at: { now, me: ME } });
const run = (state: DuelState, ...actions: DuelAction[]) => actions.reduce(duelReducer, state);

const START: BattleEvent = {
  type: 'start',
  fighters: [
    { name: 'Ally', class: 'warrior', level: 2, maxHp: 50 },
    { name: 'Bobby', class: 'rogue', level: 2, maxHp: 40 },
  ],
  first: 0,
};
const hitMove = (turn: number, actor: 0 | 1, hpAfter: number, damage: number): BattleEvent[] => [
  { type: 'turn', turn, round: Math.ceil(turn / 2), actor },
  { type: 'hit', actor, target: actor === 0 ? 1 : 0, damage, critical: false, hpAfter, ability: null, flavor: 0 },
];

const battleView = (status: RealtimeBattleView['status'], over: Partial<RealtimeBattleView> = {}) => realtimeBattle({ status, events: [START], ...over });
const started = (over: Partial<RealtimeBattleView> = {}): ServerMessage => ({ type: 'battle_started', battle: battleView('active', over) });

const lines = (s: DuelState) => [...s.intro.map((l) => l.text), ...playEvents(s.events).log.map((l) => l.text), ...(s.closing ? [s.closing.text] : [])];

let warned: MockInstance;
beforeEach(() => {
  warned = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  warned.mockRestore();
});

describe('the duel (/pvp)', () => {
  it('follows queue_joined → battle_found → battle_started → battle_action → turn_changed → battle_ended', () => {
    let s = run(initialDuelState, { type: 'join_sent' });
    expect(s.phase).toBe('joining');
    s = run(s, msg({ type: 'queue_joined', position: 2, estimatedWait: 30 }));
    expect(s).toMatchObject({ phase: 'searching', position: 2, estimatedWait: 30, searchSince: NOW, waitEndsAt: NOW + 30_000 });
    // The same place told again (after a reconnect): the time waited runs on, the estimate is the new one.
    const again = run(s, msg({ type: 'queue_joined', position: 2, estimatedWait: 12 }, NOW + 8_000));
    expect(again).toMatchObject({ searchSince: NOW, waitEndsAt: NOW + 20_000 });
    s = run(s, msg({ type: 'battle_found', battle: battleView('waiting') }));
    expect(s.phase).toBe('waiting');
    expect(s.battle?.opponent?.username).toBe('bob');
    s = run(s, msg({ type: 'battle_started', battle: battleView('active') }));
    expect(s.phase).toBe('active');
    // The server's turn length, not a constant of the page, times a turn without a deadline.
    expect(s.turnEndsAt).toBe(NOW + 30_000);
    // My move: the opponent lost 12; the first battle_action of a move carries its events.
    s = run(s, msg({ type: 'battle_action', battleId: 9, turn: 1, player1HP: 50, player2HP: 28, message: 'Ally slashes Bobby for 12 damage!', events: hitMove(1, 0, 28, 12) }));
    expect(playEvents(s.events).hp).toEqual([50, 28]);
    expect(lines(s).at(-1)).toBe('Ally slashes Bobby for 12 damage!');
    const seq = s.turnSeq;
    s = run(s, msg({ type: 'turn_changed', battleId: 9, yourTurn: false, turnDeadline: new Date(NOW + 5_000 + 30_000).toISOString() }, NOW + 5_000));
    expect(s.yourTurn).toBe(false);
    expect(s.turnSeq).toBe(seq + 1);
    expect(s.turnEndsAt).toBe(NOW + 35_000);
    s = run(s, msg({ type: 'battle_action', battleId: 9, turn: 2, player1HP: 41, player2HP: 28, message: 'x', events: hitMove(2, 1, 41, 9) }));
    expect(playEvents(s.events).hp).toEqual([41, 28]);
    const rating = { before: { rating: 1500, deviation: 350 }, after: { rating: 1540, deviation: 320 } };
    const ended = queueBattle({ id: 9, status: 'completed', player2: { ...queueBattle().player2, rating: { rating: 1460, deviation: 320 } } });
    s = run(s, msg(battleEnded(9, { winner: ME, rewards: { experience: 30, credits: 75 }, reason: 'forfeit', replayId: 77, rating, battle: ended })));
    expect(s).toMatchObject({ phase: 'completed', winner: ME, rewards: { experience: 30, credits: 75 }, reason: 'forfeit', replayId: 77, rating });
    // The opponent's badge shows the rating the duel left them with.
    expect(s.battle?.opponent?.rating).toEqual({ rating: 1460, deviation: 320 });
    expect(lines(s)).toEqual(['Opponent found: bob', 'FIGHT! The duel has begun.', 'Ally slashes Bobby for 12 damage!', 'Bobby stabs Ally for 9 damage!', 'Victory! The duel is yours.']);
    expect(run(s, { type: 'reset' }).phase).toBe('idle');
  });

  it("keeps the player's skills and their readiness as each turn change tells them", () => {
    const cleave = { skillId: 4, name: 'Bitcrush Cleave', kind: 'active' as const, damageMultiplier: 1.48, cooldownTurns: 3, readyIn: 0 };
    let s = run(initialDuelState, msg(started({ skills: [cleave] })));
    expect(s.battle?.skills).toEqual([cleave]);
    const deadline = new Date(NOW + 30_000).toISOString();
    s = run(s, msg({ type: 'turn_changed', battleId: 9, yourTurn: false, turnDeadline: deadline, skills: [{ ...cleave, readyIn: 3 }] }));
    expect(s.battle?.skills[0]?.readyIn).toBe(3);
    // A turn change without skills (an older server) keeps what was known.
    s = run(s, msg({ type: 'turn_changed', battleId: 9, yourTurn: true, turnDeadline: deadline }));
    expect(s.battle?.skills[0]?.readyIn).toBe(3);
  });

  it('a duel that ended before both players moved is a no contest: no rewards, no victory or defeat', () => {
    const running = run(initialDuelState, msg(started()));
    expect(duelOutcome(running, ME)).toBeNull();
    const s = run(running, msg(battleEnded(9, { winner: 2, rewards: { experience: 0, credits: 0 }, reason: 'forfeit', noContest: true })));
    expect(s.phase).toBe('completed');
    expect(s.noContest).toBe(true);
    expect(s.rewards).toBeNull();
    expect(duelOutcome(s, ME)).toBe('no-contest');
    // Neither side's win or loss: the log's neutral colour.
    expect(s.closing).toMatchObject({ text: NO_CONTEST_TEXT, tone: 'system' });
    // The next duel starts clean.
    const again = run(s, { type: 'join_sent' }, msg(started({ battleId: 10 })));
    expect(again.noContest).toBe(false);
    expect(again.closing).toBeNull();

    const won = run(running, msg(battleEnded(9, { winner: ME, rewards: { experience: 60, credits: 140 }, noContest: false })));
    expect(won.noContest).toBe(false);
    expect(won.rewards).toEqual({ experience: 60, credits: 140 });
    expect(duelOutcome(won, ME)).toBe('victory');
    expect(duelOutcome(won, 2)).toBe('defeat');
    expect(won.closing).toMatchObject({ text: 'Victory! The duel is yours.', tone: 'ko' });

    // A loss closes in the loss's colour, not the win's.
    const lost = run(running, msg(battleEnded(9, { winner: 2, rewards: { experience: 10, credits: 0 }, noContest: false })));
    expect(lost.closing).toMatchObject({ text: 'Defeat... the duel is lost.', tone: 'fall' });
  });

  it('keeps the slot the battle names', () => {
    const s = run(initialDuelState, msg(started({ yourSlot: 'player2' })));
    expect(s.battle?.yourSlot).toBe('player2');
    expect(s.battle?.opponent?.rating).toEqual({ rating: 1510, deviation: 300 });
  });

  it('ignores messages of other battles and junk', () => {
    const s = run(initialDuelState, msg(started()));
    expect(run(s, msg(battleEnded(99, { winner: 2 })))).toBe(s);
    expect(run(s, msg(battleAction(99, hitMove(1, 0, 1, 39))))).toBe(s);
    // Junk never reaches the page: the socket drops what is outside the contract.
    expect(fromWire('junk')).toBeNull();
    expect(fromWire({ type: 'battle_action', player1HP: 1, player2HP: 1 })).toBeNull();
    // A valid action without a duel shown changes nothing.
    expect(run(initialDuelState, msg(battleAction(9, hitMove(1, 0, 28, 12))))).toBe(initialDuelState);
  });

  it('leaves the queue on cancel and on queue_left', () => {
    const searching = run(initialDuelState, { type: 'join_sent' }, msg({ type: 'queue_joined', position: 1, estimatedWait: 5 }));
    expect(run(searching, { type: 'leave_sent' }).phase).toBe('idle');
    expect(run(searching, msg({ type: 'queue_left' })).phase).toBe('idle');
  });
});

describe('the time waited', () => {
  it("counts a search the page did not start from the server's queue time, and nothing else", () => {
    // A page opened (or reloaded) 82 s into a search hears of it now: the queue status says since when.
    const searching = run(initialDuelState, msg({ type: 'queue_joined', position: 1, estimatedWait: 0 }));
    expect(searching.searchSince).toBe(NOW);
    const told = run(searching, { type: 'waited', queueTime: 82, at: NOW + 500 });
    expect(told.searchSince).toBe(NOW + 500 - 82_000);
    // A later poll rounded down a second never moves it forward.
    expect(run(told, { type: 'waited', queueTime: 83, at: NOW + 1_900 }).searchSince).toBe(NOW + 500 - 82_000);
    // Not searching: nothing to count.
    expect(run(initialDuelState, { type: 'waited', queueTime: 5, at: NOW })).toBe(initialDuelState);
  });
});

describe('events', () => {
  it('a move already known (brought by a state answer after a reconnect) is not added twice', () => {
    let s = run(initialDuelState, msg(started()));
    s = run(s, msg(battleAction(9, hitMove(1, 0, 28, 12))));
    s = run(s, msg(started({ events: [START, ...hitMove(1, 0, 28, 12)] })));
    s = run(s, msg(battleAction(9, hitMove(1, 0, 28, 12))));
    expect(s.events).toHaveLength(3);
    // The later lines of a move carry no events.
    expect(run(s, msg(battleAction(9, []))).events).toBe(s.events);
  });

  it('battle_ended brings the whole battle: its final HP, whatever was missed', () => {
    let s = run(initialDuelState, msg(started()));
    const all: BattleEvent[] = [START, ...hitMove(1, 0, 28, 12), ...hitMove(2, 1, 0, 50), { type: 'end', winner: 1, reason: 'knockout', hp: [0, 28] }];
    const battle = queueBattle({ id: 9, variant: 'realtime', status: 'completed', winner: 2, events: all });
    s = run(s, msg(battleEnded(9, { winner: 2, rewards: { experience: 5, credits: 0 }, battle })));
    expect(playEvents(s.events).hp).toEqual([0, 28]);
    expect(s.phase).toBe('completed');
  });
});

describe('repeated battle_started', () => {
  it('refreshes the running battle without a new log line', () => {
    const s = run(initialDuelState, msg({ type: 'battle_found', battle: battleView('waiting') }), msg(started()));
    const again = run(s, msg(started()));
    expect(again.intro.length).toBe(s.intro.length);
    expect(again.phase).toBe('active');
  });
});

describe('errors', () => {
  it('undoes a pending join but keeps a running search', () => {
    const error: ServerMessage = { type: 'error', message: 'PvP cooldown: wait 40s' };
    const joining = run(initialDuelState, { type: 'join_sent' });
    expect(run(joining, msg(error)).phase).toBe('idle');
    const searching = run(joining, msg({ type: 'queue_joined', position: 1, estimatedWait: 5 }));
    expect(run(searching, msg(error)).phase).toBe('searching');
  });
});

describe('ghosts and spectators', () => {
  it('shows the ghost offered while searching, and drops it on leaving', () => {
    const searching = run(initialDuelState, { type: 'join_sent' }, msg({ type: 'queue_joined', position: 1, estimatedWait: 5 }));
    const ghost = { name: 'Shade', class: 'rogue', level: 3, rating: 1490 } as const;
    const offered = run(searching, msg({ type: 'ghost_offer', ghost }));
    expect(offered.ghostOffer).toEqual(ghost);
    expect(run(offered, msg({ type: 'queue_left' })).ghostOffer).toBeNull();
    expect(run(initialDuelState, msg({ type: 'ghost_offer', ghost })).ghostOffer).toBeNull();
  });

  it('counts who watches the duel', () => {
    const s = run(initialDuelState, msg(started({ spectators: 1 })));
    expect(s.spectators).toBe(1);
    expect(run(s, msg({ type: 'spectators', battleId: 9, count: 3 })).spectators).toBe(3);
    expect(run(s, msg({ type: 'spectators', battleId: 8, count: 3 })).spectators).toBe(1);
  });
});
