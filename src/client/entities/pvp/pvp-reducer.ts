import type { ServerMessage } from '@common/ws-messages';
import { duelAction, duelBattle, duelEnded, duelLeftQueue, duelQueued, duelSpectators, duelTurn } from './duel-messages';
import type { Arrival, DuelState, PvpState, QueueState, WatchState } from './pvp-state';
import { queueBattle, queueEnded, queueSpectators } from './queue-messages';
import { watchEnded, watchEvent, watchRefused, watchStarted } from './watch-messages';

/**
 * One server message folded into what a PvP page shows (SPEC §4, §7). Every message type of
 * src/common/ws-messages.ts is handled here by name, so a message added or changed there is a
 * compile error here until the pages know what to do with it. Both pages receive every PvP
 * message of their player (a second tab's battle too): each page keeps what its variant sends
 * and leaves the rest. Messages about another battle than the one shown change nothing.
 * The state given back is the same object when nothing changed.
 */
export function pvpReducer(state: DuelState, message: ServerMessage, at: Arrival): DuelState;
export function pvpReducer(state: QueueState, message: ServerMessage, at: Arrival): QueueState;
export function pvpReducer(state: WatchState, message: ServerMessage, at: Arrival): WatchState;
export function pvpReducer(state: PvpState, message: ServerMessage, at: Arrival): PvpState;
export function pvpReducer(state: PvpState, message: ServerMessage, at: Arrival): PvpState {
  switch (message.type) {
    // The socket's own and the chat's: nothing for PvP.
    case 'auth_success':
    case 'chat_message':
    case 'chat_deleted':
    case 'pong':
    case 'notification':
    case 'challenge_received':
    case 'challenge_declined':
    case 'challenge_expired':
    case 'friends_changed':
      return state;
    // Can arrive at any time: it undoes a join still waiting for queue_joined, or refuses a watch.
    case 'error':
      if (state.view === 'duel') return state.phase === 'joining' ? { ...state, phase: 'idle' } : state;
      return state.view === 'watch' ? watchRefused(state, message) : state;

    // The queue variant (/pvp-arena).
    case 'battle_matched':
    case 'battle_turn':
      return state.view === 'queue' ? queueBattle(state, message.battle) : state;

    // The real-time variant (/pvp).
    case 'queue_joined':
      return state.view === 'duel' ? duelQueued(state, message, at.now) : state;
    case 'queue_left':
      return state.view === 'duel' ? duelLeftQueue(state) : state;
    case 'battle_found':
    case 'battle_started':
      return state.view === 'duel' ? duelBattle(state, message, at.now) : state;
    case 'battle_action':
      return state.view === 'duel' ? duelAction(state, message) : state;
    case 'turn_changed':
      return state.view === 'duel' ? duelTurn(state, message, at.now) : state;

    // Both variants.
    case 'battle_ended':
      if (state.view === 'duel') return duelEnded(state, message, at.me);
      return state.view === 'queue' ? queueEnded(state, message) : state;
    case 'ghost_offer':
      // Shown only while searching.
      return state.view !== 'watch' && state.phase === 'searching' ? { ...state, ghostOffer: message.ghost } : state;
    case 'spectators':
      if (state.view === 'duel') return duelSpectators(state, message);
      return state.view === 'queue' ? queueSpectators(state, message) : state;

    // Watching (/pvp?watch=).
    case 'spectate_started':
      return state.view === 'watch' ? watchStarted(state, message) : state;
    case 'spectate_event':
      return state.view === 'watch' ? watchEvent(state, message) : state;
    case 'spectate_ended':
      return state.view === 'watch' ? watchEnded(state, message) : state;

    default:
      return unhandled(message, state);
  }
}

/** A message type the switch does not name fails to compile here; one that reaches it anyway changes nothing. */
function unhandled(_message: never, state: PvpState): PvpState {
  return state;
}
