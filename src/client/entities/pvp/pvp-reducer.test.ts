import { describe, expect, it } from 'vitest';
import type { BattleEvent } from '@common/battle-events';
import type { ServerMessage } from '@common/ws-messages';
import { playEvents } from '@client/entities/battle/stage-state';
import { pvpReducer } from './pvp-reducer';
import { initialDuelState, initialQueueState, initialWatchState, type Arrival, type DuelState, type MessageOf, type PvpState, type QueueState, type WatchState } from './pvp-state';
import { battleAction, battleEnded, chatMessage, queueBattle, realtimeBattle, spectatorBattle } from './test-data';

const ME = 1;
const NOW = 1_000_000;
const AT: Arrival = { now: NOW, me: ME };
const DEADLINE = new Date(NOW + 30_000).toISOString();

const START: BattleEvent = {
  type: 'start',
  fighters: [
    { name: 'Ally', class: 'warrior', level: 2, maxHp: 50 },
    { name: 'Bobby', class: 'rogue', level: 2, maxHp: 40 },
  ],
  first: 0,
};
const MOVE_1: BattleEvent[] = [
  { type: 'turn', turn: 1, round: 1, actor: 0 },
  { type: 'hit', actor: 0, target: 1, damage: 12, critical: false, hpAfter: 28, ability: null, flavor: 0 },
];
const MOVE_2: BattleEvent[] = [
  { type: 'turn', turn: 2, round: 1, actor: 1 },
  { type: 'hit', actor: 1, target: 0, damage: 9, critical: false, hpAfter: 41, ability: null, flavor: 0 },
];

/** Folds messages the way a page does. */
function fold<S extends PvpState>(state: S, ...messages: ServerMessage[]): S {
  return messages.reduce<PvpState>((s, m) => pvpReducer(s, m, AT), state) as S;
}

// One state of each page with a battle shown: duel 9 (running), queue battle 7, battle 4 watched.
const duel: DuelState = fold(initialDuelState, { type: 'battle_started', battle: realtimeBattle({ events: [START] }) });
const queue: QueueState = fold(initialQueueState, { type: 'battle_matched', battle: queueBattle() });
const watch: WatchState = fold(initialWatchState(4), { type: 'spectate_started', battle: spectatorBattle({ events: [START] }) });
const STATES = { duel, queue, watch } as const;

const GHOST = { name: 'Shade', class: 'rogue', level: 3, rating: 1490 } as const;

/** One message of every type the server sends, about the battles shown; the list must name them all. */
const SAMPLES: { [T in ServerMessage['type']]: MessageOf<T> } = {
  auth_success: { type: 'auth_success', userId: ME, username: 'ally' },
  chat_message: chatMessage,
  pong: { type: 'pong' },
  chat_deleted: { type: 'chat_deleted', id: 3 },
  error: { type: 'error', message: 'Too fast' },
  battle_matched: { type: 'battle_matched', battle: queueBattle({ id: 8 }) },
  battle_turn: { type: 'battle_turn', battle: queueBattle({ turnCount: 2, currentTurn: 2 }) },
  battle_ended: battleEnded(9, { winner: ME }),
  queue_joined: { type: 'queue_joined', position: 1, estimatedWait: 5 },
  queue_left: { type: 'queue_left' },
  battle_found: { type: 'battle_found', battle: realtimeBattle({ battleId: 10, status: 'waiting' }) },
  battle_started: { type: 'battle_started', battle: realtimeBattle({ battleId: 10 }) },
  battle_action: battleAction(9, MOVE_1),
  turn_changed: { type: 'turn_changed', battleId: 9, yourTurn: false, turnDeadline: DEADLINE },
  ghost_offer: { type: 'ghost_offer', ghost: GHOST },
  spectators: { type: 'spectators', battleId: 9, count: 2 },
  spectate_started: { type: 'spectate_started', battle: spectatorBattle({ events: [START, ...MOVE_1] }) },
  spectate_event: { type: 'spectate_event', battleId: 4, events: MOVE_1, turnDeadline: DEADLINE },
  spectate_ended: { type: 'spectate_ended', battleId: 4, winner: 0, replayId: 5 },
  notification: { type: 'notification', notification: { id: 1, kind: 'quest_ready', text: 'Quest complete', link: '/', createdAt: DEADLINE, readAt: null } },
  challenge_received: { type: 'challenge_received', challengeId: 1, from: { userId: 5, username: 'rival', character: { id: 3, name: 'Rival', class: 'mage', level: 2 } }, expiresAt: DEADLINE },
  challenge_declined: { type: 'challenge_declined', challengeId: 1 },
  challenge_expired: { type: 'challenge_expired', challengeId: 1 },
  friends_changed: { type: 'friends_changed' },
};

/** Which pages read each message type; the others leave it. */
const READERS: { [T in ServerMessage['type']]: readonly PvpState['view'][] } = {
  auth_success: [],
  notification: [],
  challenge_received: [],
  challenge_declined: [],
  challenge_expired: [],
  friends_changed: [],
  chat_message: [],
  pong: [],
  chat_deleted: [],
  error: ['duel', 'watch'],
  battle_matched: ['queue'],
  battle_turn: ['queue'],
  battle_ended: ['duel', 'queue'],
  queue_joined: ['duel'],
  queue_left: ['duel'],
  battle_found: ['duel'],
  battle_started: ['duel'],
  battle_action: ['duel'],
  turn_changed: ['duel'],
  ghost_offer: ['duel', 'queue'],
  spectators: ['duel', 'queue'],
  spectate_started: ['watch'],
  spectate_event: ['watch'],
  spectate_ended: ['watch'],
};

describe('pvpReducer: every message type', () => {
  it('leaves the pages that do not read a message as they are', () => {
    for (const [type, message] of Object.entries(SAMPLES) as [ServerMessage['type'], ServerMessage][]) {
      for (const state of Object.values(STATES)) {
        if (!READERS[type].includes(state.view)) expect(pvpReducer(state, message, AT), `${type} on ${state.view}`).toBe(state);
      }
    }
  });

  it('a message type it does not know fails to compile, and changes nothing if one came anyway', () => {
    // @ts-expect-error: no such server message
    expect(pvpReducer(duel, { type: 'battle_paused', battleId: 9 }, AT)).toBe(duel);
  });

  it('error: undoes a join waiting for queue_joined, refuses a watch not started; otherwise nothing', () => {
    const joining: DuelState = { ...initialDuelState, phase: 'joining' };
    expect(pvpReducer(joining, SAMPLES.error, AT).phase).toBe('idle');
    expect(pvpReducer(duel, SAMPLES.error, AT)).toBe(duel);
    expect(pvpReducer(initialWatchState(4), SAMPLES.error, AT)).toMatchObject({ phase: 'refused', refusal: 'Too fast' });
    expect(pvpReducer(watch, SAMPLES.error, AT)).toBe(watch);
    expect(pvpReducer(queue, SAMPLES.error, AT)).toBe(queue);
  });

  it('battle_matched and battle_turn: the queue page shows the battle and each turn of it', () => {
    const matched = pvpReducer(initialQueueState, SAMPLES.battle_matched, AT);
    expect(matched).toMatchObject({ phase: 'battle', battle: { id: 8 } });
    expect(pvpReducer(queue, SAMPLES.battle_turn, AT).battle).toMatchObject({ id: 7, turnCount: 2, currentTurn: 2 });
  });

  it('queue_joined and queue_left: the duel page searches, with its place, and stops', () => {
    const searching = pvpReducer(initialDuelState, SAMPLES.queue_joined, AT);
    expect(searching).toMatchObject({ phase: 'searching', position: 1, estimatedWait: 5 });
    expect(pvpReducer(searching, SAMPLES.queue_left, AT)).toMatchObject({ phase: 'idle', position: null });
    // Queued again while a duel runs: the duel goes on.
    expect(pvpReducer(duel, SAMPLES.queue_joined, AT)).toBe(duel);
  });

  it('battle_found and battle_started: a duel found, then fought on a timer', () => {
    const found = pvpReducer(initialDuelState, SAMPLES.battle_found, AT);
    expect(found).toMatchObject({ phase: 'waiting', battle: { battleId: 10, status: 'waiting' } });
    expect(found.intro.map((l) => l.text)).toEqual(['Opponent found: bob']);
    const started = pvpReducer(found, SAMPLES.battle_started, AT);
    expect(started).toMatchObject({ phase: 'active', yourTurn: true, turnEndsAt: NOW + 30_000, turnSeq: 1 });
    expect(started.intro.map((l) => l.text)).toEqual(['Opponent found: bob', 'FIGHT! The duel has begun.']);
  });

  it('battle_action and turn_changed: the move is added and the turn passes', () => {
    const acted = pvpReducer(duel, SAMPLES.battle_action, AT);
    expect(playEvents(acted.events).hp).toEqual([50, 28]);
    const passed = pvpReducer(acted, SAMPLES.turn_changed, AT);
    expect(passed).toMatchObject({ yourTurn: false, turnEndsAt: Date.parse(DEADLINE), turnSeq: acted.turnSeq + 1, battle: { yourTurn: false } });
  });

  it('battle_ended: each page shows the result it reads', () => {
    expect(pvpReducer(duel, SAMPLES.battle_ended, AT)).toMatchObject({ phase: 'completed', winner: ME, closing: { text: 'Victory! The duel is yours.' } });
    const ended = pvpReducer(queue, battleEnded(7, { winner: 2, replayId: 31 }), AT);
    expect(ended).toMatchObject({ phase: 'ended', finishedIds: [7], ended: { battleId: 7, winner: 2, replayId: 31, battle: { status: 'completed', winner: 2 } } });
  });

  it('ghost_offer: shown on either page while searching, nowhere else', () => {
    const searchingDuel: DuelState = { ...initialDuelState, phase: 'searching' };
    const searchingQueue: QueueState = { ...initialQueueState, phase: 'searching' };
    expect(pvpReducer(searchingDuel, SAMPLES.ghost_offer, AT).ghostOffer).toEqual(GHOST);
    expect(pvpReducer(searchingQueue, SAMPLES.ghost_offer, AT).ghostOffer).toEqual(GHOST);
    expect(pvpReducer(duel, SAMPLES.ghost_offer, AT)).toBe(duel);
    expect(pvpReducer(queue, SAMPLES.ghost_offer, AT)).toBe(queue);
  });

  it('spectators: each page counts who watches its battle', () => {
    expect(pvpReducer(duel, SAMPLES.spectators, AT).spectators).toBe(2);
    expect(pvpReducer(queue, { type: 'spectators', battleId: 7, count: 4 }, AT).battle?.spectators).toBe(4);
  });

  it('spectate_started, spectate_event, spectate_ended: the watched battle, its actions and its end', () => {
    expect(pvpReducer(initialWatchState(4), SAMPLES.spectate_started, AT)).toMatchObject({ phase: 'watching', events: [START, ...MOVE_1], turnDeadline: '2026-01-01T00:00:30.000Z' });
    expect(pvpReducer(watch, SAMPLES.spectate_event, AT)).toMatchObject({ events: [START, ...MOVE_1], turnDeadline: DEADLINE });
    expect(pvpReducer(watch, SAMPLES.spectate_ended, AT)).toMatchObject({ phase: 'ended', winner: 0, replayId: 5, turnDeadline: null });
  });
});

describe('pvpReducer: another battle', () => {
  it('a message naming a battle that is not shown changes nothing', () => {
    const other = 999;
    const cases: [PvpState, ServerMessage][] = [
      [duel, battleAction(other, MOVE_1)],
      [duel, { type: 'turn_changed', battleId: other, yourTurn: false, turnDeadline: DEADLINE }],
      [duel, { type: 'spectators', battleId: other, count: 5 }],
      [duel, battleEnded(other, { winner: ME })],
      [queue, { type: 'spectators', battleId: other, count: 5 }],
      [queue, battleEnded(other, { winner: 2 })],
      // A finished turn of another battle (an active one replaces the battle shown: it is the player's new one).
      [queue, { type: 'battle_turn', battle: queueBattle({ id: other, status: 'completed' }) }],
      [watch, { type: 'spectate_started', battle: spectatorBattle({ battleId: other }) }],
      [watch, { type: 'spectate_event', battleId: other, events: MOVE_1, turnDeadline: DEADLINE }],
      [watch, { type: 'spectate_ended', battleId: other, winner: 1, replayId: 5 }],
    ];
    for (const [state, message] of cases) expect(pvpReducer(state, message, AT), `${message.type} on ${state.view}`).toBe(state);
  });

  it('a battle that ended here does not come back in a late turn', () => {
    const ended = pvpReducer(queue, battleEnded(7, { winner: 2 }), AT);
    expect(pvpReducer(ended, SAMPLES.battle_turn, AT)).toBe(ended);
  });
});

describe('pvpReducer: a second tab', () => {
  it('a /pvp tab that did not join follows the duel its player fights from another tab', () => {
    let s = fold(initialDuelState, SAMPLES.queue_joined);
    expect(s.phase).toBe('searching');
    s = fold(s, { type: 'battle_found', battle: realtimeBattle({ status: 'waiting', events: [START] }) }, { type: 'battle_started', battle: realtimeBattle({ events: [START] }) });
    expect(s).toMatchObject({ phase: 'active', battle: { battleId: 9 } });
    s = fold(s, battleAction(9, MOVE_1), battleAction(9, []), SAMPLES.turn_changed, battleAction(9, MOVE_2, { turn: 2 }), battleEnded(9, { winner: ME }));
    expect(s.phase).toBe('completed');
    expect(playEvents(s.events).hp).toEqual([41, 28]);
    expect([...s.intro, s.closing].map((l) => l?.text)).toEqual(['Opponent found: bob', 'FIGHT! The duel has begun.', 'Victory! The duel is yours.']);
  });

  it('a /pvp-arena tab shows the queue battle matched from another tab, to its end', () => {
    let s = fold(initialQueueState, { type: 'battle_matched', battle: queueBattle() });
    expect(s.phase).toBe('battle');
    s = fold(s, SAMPLES.battle_turn, battleEnded(7, { winner: 1, rewards: { experience: 60, credits: 140 } }));
    expect(s).toMatchObject({ phase: 'ended', ended: { winner: 1, rewards: { experience: 60, credits: 140 } } });
  });

  it('each page leaves the other variant’s battle to its own tab', () => {
    const idleDuel = fold(initialDuelState, { type: 'battle_matched', battle: queueBattle() }, { type: 'battle_turn', battle: queueBattle() });
    expect(idleDuel).toBe(initialDuelState);
    const idleQueue = fold(initialQueueState, SAMPLES.queue_joined, SAMPLES.battle_found, SAMPLES.battle_started, battleAction(10, MOVE_1));
    expect(idleQueue).toBe(initialQueueState);
  });
});

describe('pvpReducer: the answer to pvp_state after a reconnect', () => {
  it('a running duel is refreshed: the events missed, the new deadline, no new log line', () => {
    const before = fold(duel, battleAction(9, MOVE_1));
    const deadline = new Date(NOW + 40_000).toISOString();
    const answer: ServerMessage = { type: 'battle_started', battle: realtimeBattle({ events: [START, ...MOVE_1, ...MOVE_2], yourTurn: true, turnDeadline: deadline }) };
    const after = fold(before, answer);
    expect(after).toMatchObject({ phase: 'active', yourTurn: true, turnEndsAt: NOW + 40_000, turnSeq: before.turnSeq + 1 });
    expect(after.intro).toBe(before.intro);
    expect(playEvents(after.events).hp).toEqual([41, 28]);
    // The move the answer brought is not added again when its battle_action arrives late.
    expect(fold(after, battleAction(9, MOVE_2, { turn: 2 })).events).toBe(after.events);
  });

  it('a page reloaded mid-duel opens it at once, with everything so far', () => {
    const answer: ServerMessage = { type: 'battle_started', battle: realtimeBattle({ events: [START, ...MOVE_1], yourTurn: false, turnDeadline: DEADLINE }) };
    const s = fold(initialDuelState, answer);
    expect(s).toMatchObject({ phase: 'active', yourTurn: false, turnEndsAt: Date.parse(DEADLINE) });
    expect(s.intro.map((l) => l.text)).toEqual(['FIGHT! The duel has begun.']);
    expect(playEvents(s.events).hp).toEqual([50, 28]);
  });

  it('still queued: the search goes on at its new place; nothing running: the search ends, a result stays', () => {
    const searching = fold(initialDuelState, { type: 'queue_joined', position: 3, estimatedWait: 15 });
    expect(fold(searching, { type: 'queue_joined', position: 1, estimatedWait: 5 })).toMatchObject({ phase: 'searching', position: 1, estimatedWait: 5 });
    expect(fold(searching, { type: 'queue_left' }).phase).toBe('idle');
    const completed = fold(duel, battleEnded(9, { winner: ME }));
    expect(fold(completed, { type: 'queue_left' })).toBe(completed);
    expect(fold(completed, { type: 'battle_started', battle: realtimeBattle({ events: [START] }) })).toBe(completed);
  });

  it('a queue battle running (battle_turn) is not the duel page’s', () => {
    expect(fold(initialDuelState, { type: 'battle_turn', battle: queueBattle() })).toBe(initialDuelState);
  });
});
