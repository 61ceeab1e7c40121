import type { MessageOf, WatchState } from './pvp-state';
import { eventsAfter } from './timeline';

/** A battle watched read-only (/pvp?watch=) as its messages change it; other battles' messages are ignored. */

export function watchStarted(state: WatchState, message: MessageOf<'spectate_started'>): WatchState {
  const { battle } = message;
  if (battle.battleId !== state.battleId) return state;
  const ended = battle.status === 'completed';
  return {
    ...state,
    phase: ended ? 'ended' : 'watching',
    battle,
    events: battle.events,
    turnDeadline: ended ? null : battle.turnDeadline,
    winner: battle.winner,
    replayId: battle.replayId,
    refusal: null,
  };
}

export function watchEvent(state: WatchState, message: MessageOf<'spectate_event'>): WatchState {
  if (message.battleId !== state.battleId || state.phase !== 'watching') return state;
  return { ...state, events: eventsAfter(state.events, message.events), turnDeadline: message.turnDeadline };
}

export function watchEnded(state: WatchState, message: MessageOf<'spectate_ended'>): WatchState {
  if (message.battleId !== state.battleId) return state;
  return { ...state, phase: 'ended', turnDeadline: null, winner: message.winner, replayId: message.replayId };
}

/** Refused before the battle was shown: it is over, unknown, or the viewer's own. Later errors are not about it. */
export function watchRefused(state: WatchState, message: MessageOf<'error'>): WatchState {
  return state.phase === 'joining' ? { ...state, phase: 'refused', refusal: message.message } : state;
}
