import type { PvpBattleEndedView, PvpBattleView } from '@common/pvp';
import type { MessageOf, QueueState } from './pvp-state';

/**
 * The battle of /pvp-arena (queue variant, SPEC §4) as its messages change it: `battle_matched`
 * starts it, `battle_turn` brings it after every move, `battle_ended` the result. The same
 * battle view also comes in HTTP answers (join, ghost, move) and the queue status.
 */

/** A battle view from a message or an answer: shown unless it finished here or is another battle's late turn. */
export function queueBattle(state: QueueState, battle: PvpBattleView): QueueState {
  if (state.finishedIds.includes(battle.id)) return state;
  // A turn of another battle than the one shown is ignored, unless none is shown.
  if (state.battle && state.battle.id !== battle.id && state.phase === 'battle' && battle.status !== 'active') return state;
  if (battle.status === 'completed') return { ...state, battle };
  return { ...state, phase: 'battle', battle, ended: null, ghostOffer: null };
}

export function queueEnded(state: QueueState, message: MessageOf<'battle_ended'>): QueueState {
  const { battleId, winner } = message;
  if (state.battle && state.battle.id !== battleId && state.phase === 'battle') return state;
  const ended: PvpBattleEndedView = {
    battleId,
    winner,
    rewards: message.rewards,
    reason: message.reason,
    noContest: message.noContest,
    battle: { ...message.battle, status: 'completed', winner },
    replayId: message.replayId,
    rating: message.rating,
  };
  return {
    view: 'queue',
    phase: 'ended',
    battle: ended.battle,
    ended,
    finishedIds: [...state.finishedIds.slice(-19), battleId],
    ghostOffer: null,
    last: state.last,
  };
}

export function queueSpectators(state: QueueState, message: MessageOf<'spectators'>): QueueState {
  return state.battle && state.battle.id === message.battleId ? { ...state, battle: { ...state.battle, spectators: message.count } } : state;
}
