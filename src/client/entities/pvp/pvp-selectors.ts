import type { Side } from '@common/sides';
import type { PvpBattleEndedView, PvpBattleView, PvpFighterView, QueueStatusView } from '@common/pvp';
import type { LogEntry } from '@client/entities/battle/log-lines';
import type { PvpOutcome } from '@client/entities/battle/pvp-outcome';
import type { DuelState } from './pvp-state';

/** What the PvP pages read from their state. */

// ---------------------------------------------------------------- the duel (/pvp)

/** How the duel ended for this player; null while it has not. */
export function duelOutcome(state: Pick<DuelState, 'phase' | 'winner' | 'noContest'>, myUserId: number): PvpOutcome | null {
  if (state.phase !== 'completed') return null;
  if (state.noContest) return 'no-contest';
  return state.winner === myUserId ? 'victory' : 'defeat';
}

/** A duel found, running or finished: the stage shows instead of the lobby. */
export function inDuel(state: Pick<DuelState, 'phase'>): boolean {
  return state.phase === 'waiting' || state.phase === 'active' || state.phase === 'completed';
}

/** The player's side of the duel's events (side 0 is player1). */
export function duelSide(state: Pick<DuelState, 'battle'>): Side {
  return state.battle?.yourSlot === 'player2' ? 1 : 0;
}

/** The duel's log: who was found and FIGHT!, the fight's own lines, then how it ended. */
export function duelLog(state: Pick<DuelState, 'intro' | 'closing'>, fight: LogEntry[]): LogEntry[] {
  return [...state.intro, ...fight, ...(state.closing ? [state.closing] : [])];
}

/** The turn length the server runs: the duel's, else the queue status's; 0 until either says. */
export function duelTurnSeconds(state: Pick<DuelState, 'battle'>, status: Pick<QueueStatusView, 'turnSeconds'> | null | undefined): number {
  return state.battle?.turnSeconds || (status?.turnSeconds ?? 0);
}

// ---------------------------------------------------------------- the queue battle (/pvp-arena)

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
