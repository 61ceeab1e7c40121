import type { BattleEvent, Side } from '@common/battle-events';
import type { GhostOfferView, PvpBattleEndedView, PvpBattleView, PvpFighterView, PvpLogEntry, QueueStatusView } from '@common/pvp';
import type { PvpOutcome } from '@client/entities/battle/pvp-outcome';

/**
 * The queue variant of PvP (SPEC §4): idle → joining → searching → battle → ended → idle.
 * Socket messages and queue-status answers are folded into this state by `pvpQueueReducer`.
 * Every payload is checked before use: the server may add fields or send partial ones.
 */

export type QueuePhase = 'idle' | 'joining' | 'searching' | 'battle' | 'ended';

export interface PvpQueueState {
  phase: QueuePhase;
  battle: PvpBattleView | null;
  ended: PvpBattleEndedView | null;
  /** Battles already finished here, so a late queue-status answer does not bring one back. */
  finishedIds: number[];
  /** The ghost offered while searching alone (socket `ghost_offer` or the queue status). */
  ghostOffer: GhostOfferView | null;
  /** The battle that ended last, still shown in the lobby once cleared (its replay to watch). */
  last: PvpBattleEndedView | null;
}

export const initialQueueState: PvpQueueState = { phase: 'idle', battle: null, ended: null, finishedIds: [], ghostOffer: null, last: null };

export type PvpQueueAction =
  | { type: 'join_started' }
  | { type: 'join_succeeded' }
  | { type: 'join_failed' }
  | { type: 'left_queue' }
  | { type: 'status'; status: unknown }
  | { type: 'message'; message: unknown }
  | { type: 'battle'; battle: unknown }
  | { type: 'clear' };

function isRecord(value: unknown): value is Record<string, unknown> {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}

function isFighter(value: unknown): value is PvpFighterView {
  return isRecord(value) && typeof value.id === 'number' && isRecord(value.character) && typeof value.hp === 'number';
}

/** A battle payload that has what the screen needs, or null. */
export function asBattle(value: unknown): PvpBattleView | null {
  if (!isRecord(value)) return null;
  if (typeof value.id !== 'number' || !isFighter(value.player1) || !isFighter(value.player2)) return null;
  const battle = value as unknown as PvpBattleView;
  return {
    ...battle,
    battleLog: Array.isArray(value.battleLog) ? (value.battleLog as PvpLogEntry[]) : [],
    events: Array.isArray(value.events) ? (value.events as BattleEvent[]) : [],
    specialCooldown: isRecord(value.specialCooldown) ? (value.specialCooldown as Record<string, number>) : {},
    status: value.status === 'completed' ? 'completed' : 'active',
    winner: typeof value.winner === 'number' ? value.winner : null,
    replayId: typeof value.replayId === 'number' ? value.replayId : null,
    turnSeconds: typeof value.turnSeconds === 'number' ? value.turnSeconds : 0,
    ghost: value.ghost === true,
    spectators: typeof value.spectators === 'number' ? value.spectators : 0,
  };
}

function asGhostOffer(value: unknown): GhostOfferView | null {
  return isRecord(value) && typeof value.name === 'string' ? (value as unknown as GhostOfferView) : null;
}

export function asQueueStatus(value: unknown): QueueStatusView | null {
  if (!isRecord(value)) return null;
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
  return {
    queueTime: num(value.queueTime),
    playersInQueue: num(value.playersInQueue),
    activeBattles: num(value.activeBattles),
    inQueue: value.inQueue === true,
    position: typeof value.position === 'number' ? value.position : null,
    battle: asBattle(value.battle),
    ghostOffer: asGhostOffer(value.ghostOffer),
    /** 0 when the server did not say. */
    turnSeconds: num(value.turnSeconds),
  };
}

function startBattle(state: PvpQueueState, battle: PvpBattleView): PvpQueueState {
  if (state.finishedIds.includes(battle.id)) return state;
  // A turn of another battle than the one shown is ignored, unless none is shown.
  if (state.battle && state.battle.id !== battle.id && state.phase === 'battle' && battle.status !== 'active') return state;
  if (battle.status === 'completed') return { ...state, battle };
  return { ...state, phase: 'battle', battle, ended: null, ghostOffer: null };
}

function endBattle(state: PvpQueueState, payload: Record<string, unknown>): PvpQueueState {
  const battle = asBattle(payload.battle) ?? state.battle;
  const battleId = typeof payload.battleId === 'number' ? payload.battleId : (battle?.id ?? null);
  if (battleId !== null && state.battle && state.battle.id !== battleId && state.phase === 'battle') return state;
  const rewards = isRecord(payload.rewards) ? payload.rewards : {};
  const winner = typeof payload.winner === 'number' ? payload.winner : (battle?.winner ?? -1);
  const reason = payload.reason === 'forfeit' || payload.reason === 'timeout' || payload.reason === 'time' ? payload.reason : 'knockout';
  const ended: PvpBattleEndedView | null = battle
    ? {
        battleId: battleId ?? battle.id,
        winner,
        rewards: {
          experience: typeof rewards.experience === 'number' ? rewards.experience : 0,
          credits: typeof rewards.credits === 'number' ? rewards.credits : 0,
        },
        reason,
        noContest: payload.noContest === true,
        battle: { ...battle, status: 'completed', winner },
        replayId: typeof payload.replayId === 'number' ? payload.replayId : (battle.replayId ?? 0),
        rating: isRecord(payload.rating) ? (payload.rating as unknown as PvpBattleEndedView['rating']) : null,
      }
    : null;
  if (!ended) return state;
  return {
    phase: 'ended',
    battle: ended.battle,
    ended,
    finishedIds: [...state.finishedIds.slice(-19), ended.battleId],
    ghostOffer: null,
    last: state.last,
  };
}

/** Socket messages: the battle's turns and end, a ghost offered, and how many watch. */
function onMessage(state: PvpQueueState, msg: Record<string, unknown>): PvpQueueState {
  switch (msg.type) {
    case 'battle_matched':
    case 'battle_turn': {
      const battle = asBattle(msg.battle);
      return battle ? startBattle(state, battle) : state;
    }
    case 'battle_ended':
      return endBattle(state, msg);
    case 'ghost_offer': {
      const ghostOffer = asGhostOffer(msg.ghost);
      return ghostOffer && state.phase === 'searching' ? { ...state, ghostOffer } : state;
    }
    case 'spectators':
      return state.battle && msg.battleId === state.battle.id && typeof msg.count === 'number'
        ? { ...state, battle: { ...state.battle, spectators: msg.count } }
        : state;
    default:
      return state;
  }
}

export function pvpQueueReducer(state: PvpQueueState, action: PvpQueueAction): PvpQueueState {
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
    case 'battle': {
      const battle = asBattle(action.battle);
      return battle ? startBattle(state, battle) : state;
    }
    case 'status': {
      const status = asQueueStatus(action.status);
      if (!status) return state;
      if (status.battle && status.battle.status === 'active') return startBattle(state, status.battle);
      // The server no longer has the shown battle running: it ended while the socket was away.
      if (state.phase === 'battle' && !status.battle && !status.inQueue) return { ...state, phase: 'idle', battle: null, ended: null };
      if (state.phase === 'searching' && !status.inQueue && !status.battle) return state;
      if (state.phase === 'idle' && status.inQueue) return { ...state, phase: 'searching', ghostOffer: status.ghostOffer };
      if (state.phase === 'searching' && status.ghostOffer) return { ...state, ghostOffer: status.ghostOffer };
      return state;
    }
    case 'message': {
      const msg = action.message;
      return isRecord(msg) && typeof msg.type === 'string' ? onMessage(state, msg) : state;
    }
  }
}

/** The player's own fighter and the opponent, by the player's user id. */
export function sidesOf(battle: PvpBattleView, myId: number): { me: PvpFighterView; foe: PvpFighterView; mySide: Side } {
  if (battle.player2.id === myId) return { me: battle.player2, foe: battle.player1, mySide: 1 };
  return { me: battle.player1, foe: battle.player2, mySide: 0 };
}

export function isMyTurn(battle: PvpBattleView, myId: number): boolean {
  return battle.status === 'active' && battle.currentTurn === myId;
}

/** Turns until the player's special is ready again (0 = ready). */
export function specialCooldownOf(battle: PvpBattleView, myId: number): number {
  const value = battle.specialCooldown[String(myId)];
  return typeof value === 'number' && value > 0 ? value : 0;
}

/**
 * Victory, defeat, or 'no-contest' (ended before both players moved: no rewards, no win or
 * loss); null when the battle has not ended.
 */
export function outcomeFor(ended: Pick<PvpBattleEndedView, 'winner' | 'noContest'> | null, myId: number): PvpOutcome | null {
  if (!ended) return null;
  if (ended.noContest) return 'no-contest';
  return ended.winner === myId ? 'victory' : 'defeat';
}

/** Join errors: 'PvP Cooldown' when the message mentions the cooldown, else 'Queue Failed'. */
export function joinErrorTitle(message: string): string {
  return /cooldown/i.test(message) ? 'PvP Cooldown' : 'Queue Failed';
}
