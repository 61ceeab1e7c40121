import type { PvpBattleEndedView, PvpBattleView, PvpFighterView, PvpLogEntry, QueueStatusView } from '@common/pvp';
import type { Side, StageFrame } from '@client/features/battle/battle-replay';

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
}

export const initialQueueState: PvpQueueState = { phase: 'idle', battle: null, ended: null, finishedIds: [] };

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
    specialCooldown: isRecord(value.specialCooldown) ? (value.specialCooldown as Record<string, number>) : {},
    status: value.status === 'completed' ? 'completed' : 'active',
    winner: typeof value.winner === 'number' ? value.winner : null,
  };
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
  };
}

function startBattle(state: PvpQueueState, battle: PvpBattleView): PvpQueueState {
  if (state.finishedIds.includes(battle.id)) return state;
  // A turn of another battle than the one shown is ignored, unless none is shown.
  if (state.battle && state.battle.id !== battle.id && state.phase === 'battle' && battle.status !== 'active') return state;
  if (battle.status === 'completed') return { ...state, battle };
  return { ...state, phase: 'battle', battle, ended: null };
}

function endBattle(state: PvpQueueState, payload: Record<string, unknown>): PvpQueueState {
  const battle = asBattle(payload.battle) ?? state.battle;
  const battleId = typeof payload.battleId === 'number' ? payload.battleId : (battle?.id ?? null);
  if (battleId !== null && state.battle && state.battle.id !== battleId && state.phase === 'battle') return state;
  const rewards = isRecord(payload.rewards) ? payload.rewards : {};
  const winner = typeof payload.winner === 'number' ? payload.winner : (battle?.winner ?? -1);
  const reason = payload.reason === 'forfeit' || payload.reason === 'timeout' ? payload.reason : 'knockout';
  const ended: PvpBattleEndedView | null = battle
    ? {
        battleId: battleId ?? battle.id,
        winner,
        rewards: {
          experience: typeof rewards.experience === 'number' ? rewards.experience : 0,
          credits: typeof rewards.credits === 'number' ? rewards.credits : 0,
        },
        reason,
        battle: { ...battle, status: 'completed', winner },
      }
    : null;
  if (!ended) return state;
  return {
    phase: 'ended',
    battle: ended.battle,
    ended,
    finishedIds: [...state.finishedIds.slice(-19), ended.battleId],
  };
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
      return state.phase === 'searching' || state.phase === 'joining' ? { ...state, phase: 'idle' } : state;
    case 'clear':
      return state.phase === 'ended' ? { ...state, phase: 'idle', battle: null, ended: null } : state;
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
      if (state.phase === 'idle' && status.inQueue) return { ...state, phase: 'searching' };
      return state;
    }
    case 'message': {
      const msg = action.message;
      if (!isRecord(msg) || typeof msg.type !== 'string') return state;
      if (msg.type === 'battle_matched' || msg.type === 'battle_turn') {
        const battle = asBattle(msg.battle);
        return battle ? startBattle(state, battle) : state;
      }
      if (msg.type === 'battle_ended') return endBattle(state, msg);
      return state;
    }
  }
}

/** The player's own fighter and the opponent, by the player's user id. */
export function sidesOf(battle: PvpBattleView, myId: number): { me: PvpFighterView; foe: PvpFighterView; mySlot: 'player1' | 'player2' } {
  if (battle.player2.id === myId) return { me: battle.player2, foe: battle.player1, mySlot: 'player2' };
  return { me: battle.player1, foe: battle.player2, mySlot: 'player1' };
}

export function isMyTurn(battle: PvpBattleView, myId: number): boolean {
  return battle.status === 'active' && battle.currentTurn === myId;
}

/** Turns until the player's special is ready again (0 = ready). */
export function specialCooldownOf(battle: PvpBattleView, myId: number): number {
  const value = battle.specialCooldown[String(myId)];
  return typeof value === 'number' && value > 0 ? value : 0;
}

/** Whole seconds until `deadline` (ISO), never below 0; 0 for a missing or bad date. */
export function secondsLeft(deadline: string | null | undefined, now: number): number {
  const at = deadline ? Date.parse(deadline) : Number.NaN;
  if (!Number.isFinite(at)) return 0;
  return Math.max(0, Math.ceil((at - now) / 1000));
}

/** Victory, defeat, or null when the battle has no winner yet. */
export function outcomeFor(ended: Pick<PvpBattleEndedView, 'winner'> | null, myId: number): 'victory' | 'defeat' | null {
  if (!ended) return null;
  return ended.winner === myId ? 'victory' : 'defeat';
}

/** What the shared battle stage shows: the player on the left ('player'), the opponent on the right. */
export function stageFrameOf(battle: PvpBattleView, myId: number, winner: number | null): StageFrame {
  const { me, foe, mySlot } = sidesOf(battle, myId);
  const playerMax = Math.max(1, me.maxHp, me.hp);
  const enemyMax = Math.max(1, foe.maxHp, foe.hp);
  const log = battle.battleLog;
  const index = log.length - 1;
  const entry = log[index] ?? null;
  let defender: Side | null = null;
  let damage = 0;
  if (entry && (entry.defender === 'player1' || entry.defender === 'player2')) {
    defender = entry.defender === mySlot ? 'player' : 'enemy';
    // HP of the same fighter before this entry: the previous entry about them, else full HP.
    let before = entry.defender === mySlot ? playerMax : enemyMax;
    for (let i = index - 1; i >= 0; i--) {
      const prev = log[i];
      if (prev && prev.defender === entry.defender) {
        before = prev.defenderHp;
        break;
      }
    }
    damage = Math.max(0, before - entry.defenderHp);
  }
  const winnerSide: Side | null = winner === null ? null : winner === myId ? 'player' : 'enemy';
  return {
    playerHp: Math.max(0, me.hp),
    playerMax,
    enemyHp: Math.max(0, foe.hp),
    enemyMax,
    index,
    entry: null,
    attacker: defender ? (defender === 'player' ? 'enemy' : 'player') : null,
    defender,
    damage,
    critical: entry ? /critical/i.test(entry.message) : false,
    final: false,
    winner: winnerSide,
  };
}

/** Join errors: 'PvP Cooldown' when the message mentions the cooldown, else 'Queue Failed'. */
export function joinErrorTitle(message: string): string {
  return /cooldown/i.test(message) ? 'PvP Cooldown' : 'Queue Failed';
}
