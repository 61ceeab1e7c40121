import type { PvpBattleView, QueueStatusView } from '@common/pvp';
import type { ServerMessage } from '@common/ws-messages';
import { duelLeftQueue } from './duel-messages';
import { pvpReducer } from './pvp-reducer';
import { initialDuelState, type Arrival, type DuelState, type QueueState } from './pvp-state';
import { queueBattle } from './queue-messages';

/**
 * Each page's reducer: the socket's messages (through `pvpReducer`) and what the page itself
 * did or was answered (a join sent, an HTTP answer, the result cleared).
 */

/** A server message as received: the same for every page. */
export interface MessageAction {
  type: 'message';
  message: ServerMessage;
  at: Arrival;
}

export type DuelAction =
  | { type: 'join_sent' }
  | { type: 'leave_sent' }
  | { type: 'reset' }
  /** The queue status said how long the player has been searching (`queueTime`, s), read at `at`. */
  | { type: 'waited'; queueTime: number; at: number }
  | MessageAction;

export function duelReducer(state: DuelState, action: DuelAction): DuelState {
  switch (action.type) {
    case 'join_sent':
      return state.phase === 'idle' || state.phase === 'completed' ? { ...initialDuelState, phase: 'joining' } : state;
    case 'leave_sent':
      return duelLeftQueue(state);
    case 'reset':
      return initialDuelState;
    case 'waited':
      // A search this page did not start (a reload, another tab or the queue page) counts from
      // when it began, not from when the page heard of it.
      if (state.phase !== 'searching') return state;
      return { ...state, searchSince: Math.min(state.searchSince ?? action.at, action.at - action.queueTime * 1000) };
    case 'message':
      return pvpReducer(state, action.message, action.at);
  }
}

export type QueueAction =
  | { type: 'join_started' }
  | { type: 'join_succeeded' }
  | { type: 'join_failed' }
  | { type: 'left_queue' }
  /** `GET /api/pvp/queue-status` answered. */
  | { type: 'status'; status: QueueStatusView }
  /** An answer carrying the battle (join, ghost, move); null when there is none yet. */
  | { type: 'battle'; battle: PvpBattleView | null }
  /** The result has been shown long enough: back to the lobby. */
  | { type: 'clear' }
  | MessageAction;

export function queueReducer(state: QueueState, action: QueueAction): QueueState {
  switch (action.type) {
    case 'join_started':
      return state.phase === 'idle' || state.phase === 'ended' ? { ...state, phase: 'joining', ended: null, battle: null } : state;
    case 'join_succeeded':
      return state.phase === 'joining' ? { ...state, phase: 'searching' } : state;
    case 'join_failed':
      return state.phase === 'joining' ? { ...state, phase: 'idle' } : state;
    case 'left_queue':
      return state.phase === 'searching' || state.phase === 'joining' ? { ...state, phase: 'idle', ghostOffer: null } : state;
    case 'clear':
      return state.phase === 'ended' ? { ...state, phase: 'idle', battle: null, ended: null, last: state.ended } : state;
    case 'battle':
      return action.battle ? queueBattle(state, action.battle) : state;
    case 'status':
      return queueStatus(state, action.status);
    case 'message':
      return pvpReducer(state, action.message, action.at);
  }
}

function queueStatus(state: QueueState, status: QueueStatusView): QueueState {
  if (status.battle && status.battle.status === 'active') return queueBattle(state, status.battle);
  // The server no longer has the shown battle running: it ended while the socket was away.
  if (state.phase === 'battle' && !status.battle && !status.inQueue) return { ...state, phase: 'idle', battle: null, ended: null };
  // The search ended elsewhere (left on another tab, or dropped while every socket was away): the
  // statuses asked after the join are the only ones read here (the join asks again at once).
  if (state.phase === 'searching' && !status.inQueue && !status.battle) return { ...state, phase: 'idle', ghostOffer: null };
  if (state.phase === 'idle' && status.inQueue) return { ...state, phase: 'searching', ghostOffer: status.ghostOffer };
  if (state.phase === 'searching' && status.ghostOffer) return { ...state, ghostOffer: status.ghostOffer };
  return state;
}
