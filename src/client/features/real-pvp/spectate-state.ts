import type { BattleEvent } from '@common/battle-events';
import type { SpectatorView } from '@common/pvp';
import { eventsAfter, isRecord, num } from './realtime-payloads';

/**
 * Watching a running battle read-only (`pvp_spectate`): `spectate_started` gives the battle so
 * far, `spectate_event` each action's events, `spectate_ended` the winner and the replay.
 */
export interface SpectateState {
  phase: 'joining' | 'watching' | 'ended' | 'refused';
  view: SpectatorView | null;
  events: BattleEvent[];
  turnDeadline: string | null;
  winner: 0 | 1 | null;
  replayId: number | null;
  /** Why the battle cannot be watched (over, unknown, one's own). */
  refusal: string | null;
}

export const initialSpectate: SpectateState = { phase: 'joining', view: null, events: [], turnDeadline: null, winner: null, replayId: null, refusal: null };

const side = (value: unknown): 0 | 1 | null => (value === 0 || value === 1 ? value : null);

export function spectateReducer(state: SpectateState, battleId: number, message: unknown): SpectateState {
  if (!isRecord(message)) return state;
  const mine = num(message.battleId) === battleId;
  switch (message.type) {
    case 'spectate_started': {
      const view = isRecord(message.battle) ? (message.battle as unknown as SpectatorView) : null;
      if (!view || view.battleId !== battleId || !Array.isArray(view.fighters)) return state;
      const ended = view.status === 'completed';
      return {
        phase: ended ? 'ended' : 'watching',
        view,
        events: Array.isArray(view.events) ? view.events : [],
        turnDeadline: ended ? null : view.turnDeadline,
        winner: side(view.winner),
        replayId: num(view.replayId),
        refusal: null,
      };
    }
    case 'spectate_event':
      if (!mine || state.phase !== 'watching') return state;
      return { ...state, events: eventsAfter(state.events, message.events), turnDeadline: typeof message.turnDeadline === 'string' ? message.turnDeadline : state.turnDeadline };
    case 'spectate_ended':
      if (!mine) return state;
      return { ...state, phase: 'ended', turnDeadline: null, winner: side(message.winner), replayId: num(message.replayId) };
    case 'error':
      // Refused before the battle was shown: it is over, unknown, or the viewer's own.
      return state.phase === 'joining' ? { ...state, phase: 'refused', refusal: typeof message.message === 'string' ? message.message : 'This battle cannot be watched' } : state;
    default:
      return state;
  }
}
