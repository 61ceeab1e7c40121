import type { RealtimeBattleView } from '@common/pvp';
import { note } from '@client/entities/battle/log-lines';
import { NO_CONTEST_TEXT } from '@client/entities/battle/pvp-outcome';
import { initialDuelState, type DuelState, type MessageOf } from './pvp-state';
import { eventsAfter, turnEndsAt } from './timeline';

/**
 * The duel of /pvp (real-time variant, SPEC §3, §4) as its messages change it. The fight itself
 * is the engine's events, which the battle view plays; these keep the phase, the turn and its
 * timer, the duel's own log lines and the result.
 */

/** The duel shown when a message names it; null for another battle, or when none is shown. */
function shownBattle(state: DuelState, battleId: number): RealtimeBattleView | null {
  return state.battle !== null && state.battle.battleId === battleId ? state.battle : null;
}

/** Leaving the queue (Cancel, or `queue_left`): only a search under way ends. */
export function duelLeftQueue(state: DuelState): DuelState {
  return state.phase === 'searching' || state.phase === 'joining' ? { ...state, phase: 'idle', position: null, ghostOffer: null } : state;
}

/** In the queue: the place, and the wait announced counted down from now (a repeat after a reconnect keeps the time waited). */
export function duelQueued(state: DuelState, message: MessageOf<'queue_joined'>, now: number): DuelState {
  if (state.phase !== 'idle' && state.phase !== 'joining' && state.phase !== 'searching' && state.phase !== 'completed') return state;
  const searchSince = state.phase === 'searching' && state.searchSince !== null ? state.searchSince : now;
  return { ...state, phase: 'searching', position: message.position, estimatedWait: message.estimatedWait, searchSince, waitEndsAt: now + message.estimatedWait * 1000 };
}

/** battle_found (waiting) and battle_started (active): a new duel, or the running one again after a reconnect. */
export function duelBattle(state: DuelState, message: MessageOf<'battle_found' | 'battle_started'>, now: number): DuelState {
  const { battle } = message;
  const started = message.type === 'battle_started' || battle.status === 'active';
  const fresh = !state.battle || state.battle.battleId !== battle.battleId;
  const events = battle.events.length > 0 ? battle.events : fresh ? [] : state.events;
  if (!fresh && state.phase === 'completed') return state;
  if (!fresh && started && state.phase === 'active') {
    // A repeat of the running duel (a state answer after a reconnect) only refreshes it.
    const ends = battle.turnDeadline ? turnEndsAt(battle.turnDeadline, now, battle.turnSeconds) : state.turnEndsAt;
    const changed = ends !== state.turnEndsAt || battle.yourTurn !== state.yourTurn;
    return { ...state, battle: { ...battle, status: 'active' }, events, yourTurn: battle.yourTurn, turnEndsAt: ends, turnSeq: changed ? state.turnSeq + 1 : state.turnSeq };
  }
  if (!fresh && !started && state.phase === 'waiting') return { ...state, battle: { ...battle, status: 'waiting' }, events };
  const base: DuelState = {
    ...(fresh ? initialDuelState : state),
    phase: started ? 'active' : 'waiting',
    battle: { ...battle, status: started ? 'active' : 'waiting' },
    events,
    yourTurn: battle.yourTurn,
    spectators: battle.spectators,
    intro: fresh ? [] : state.intro,
  };
  if (!started) return { ...base, intro: [...base.intro, note('found', `Opponent found: ${battle.opponent?.username ?? 'a challenger'}`, 'system')] };
  return {
    ...base,
    turnEndsAt: turnEndsAt(battle.turnDeadline, now, battle.turnSeconds),
    turnSeq: state.turnSeq + 1,
    intro: [...base.intro, note('fight', 'FIGHT! The duel has begun.', 'system')],
  };
}

/** One line of a move: the first of a move carries its events, the later ones none. */
export function duelAction(state: DuelState, message: MessageOf<'battle_action'>): DuelState {
  if (!shownBattle(state, message.battleId) || state.phase === 'completed') return state;
  const events = eventsAfter(state.events, message.events);
  const phase = state.phase === 'waiting' ? 'active' : state.phase;
  return events === state.events && phase === state.phase ? state : { ...state, phase, events };
}

export function duelTurn(state: DuelState, message: MessageOf<'turn_changed'>, now: number): DuelState {
  const shown = shownBattle(state, message.battleId);
  if (!shown) return state;
  const { yourTurn } = message;
  // Each turn change tells the player's own skills and when each is ready again.
  const battle: RealtimeBattleView = { ...shown, yourTurn, status: 'active', skills: message.skills ?? shown.skills };
  return {
    ...state,
    phase: state.phase === 'waiting' ? 'active' : state.phase,
    yourTurn,
    turnEndsAt: turnEndsAt(message.turnDeadline, now, battle.turnSeconds),
    turnSeq: state.turnSeq + 1,
    battle,
  };
}

export function duelSpectators(state: DuelState, message: MessageOf<'spectators'>): DuelState {
  return shownBattle(state, message.battleId) ? { ...state, spectators: message.count } : state;
}

/** The end: the whole battle's events (the end included), the result, and the closing line. */
export function duelEnded(state: DuelState, message: MessageOf<'battle_ended'>, me: number): DuelState {
  const shown = shownBattle(state, message.battleId);
  if (!shown) return state;
  const { winner, noContest } = message;
  const full = message.battle.events;
  const theirs = [message.battle.player1, message.battle.player2].find((p) => p.id !== me);
  const line = noContest ? NO_CONTEST_TEXT : winner === me ? 'Victory! The duel is yours.' : 'Defeat... the duel is lost.';
  return {
    ...state,
    phase: 'completed',
    events: full.length >= state.events.length ? full : state.events,
    yourTurn: false,
    turnEndsAt: null,
    winner,
    reason: message.reason,
    rewards: noContest ? null : message.rewards,
    noContest,
    rating: message.rating,
    replayId: message.replayId,
    // The opponent at the rating the duel left them with, as the player's own badge shows theirs.
    battle: { ...shown, status: 'completed', winner, yourTurn: false, opponent: shown.opponent && theirs ? { ...shown.opponent, rating: theirs.rating } : shown.opponent },
    closing: note('end', line, noContest ? 'system' : winner === me ? 'ko' : 'fall'),
  };
}
