import type { BattleEvent } from '@common/battle-events';
import type { CharacterView } from '@common/game-api';
import type { GhostOfferView, PvpBattleEndedView, PvpEndReason, PvpRewardsView, RealtimeBattleView } from '@common/pvp';
import { note, type LogEntry } from '@client/entities/battle/log-lines';
import { NO_CONTEST_TEXT, type PvpOutcome } from '@client/entities/battle/pvp-outcome';
import { asRealtimeBattle, eventsAfter, isRecord, num } from './realtime-payloads';

/**
 * The real-time variant of PvP (SPEC §3, §4): socket messages in order queue_joined →
 * battle_found (waiting) → battle_started (active) → battle_action / turn_changed →
 * battle_ended (completed). `realPvpReducer` folds them into what the page shows; the fight
 * itself is the engine's events, which the battle view plays. Payloads are checked field by field.
 */

export type RealPhase = 'idle' | 'joining' | 'searching' | 'waiting' | 'active' | 'completed';

export interface RealPvpState {
  phase: RealPhase;
  position: number | null;
  estimatedWait: number | null;
  battle: RealtimeBattleView | null;
  /** Everything so far as the engine's events (side 0 is player1). */
  events: BattleEvent[];
  yourTurn: boolean;
  /** When the current turn ends (epoch ms). */
  turnEndsAt: number | null;
  /** Counts turn changes, so the timer and the auto-forfeit are per turn. */
  turnSeq: number;
  winner: number | null;
  reason: PvpEndReason | null;
  rewards: PvpRewardsView | null;
  /** The duel ended before both players moved: no rewards, no win or loss. */
  noContest: boolean;
  rating: PvpBattleEndedView['rating'];
  replayId: number | null;
  /** The ghost offered after 20 s alone in the queue. */
  ghostOffer: GhostOfferView | null;
  /** Players watching the duel. */
  spectators: number;
  /** The duel's own lines around the fight's: who was found, FIGHT!, how it ended. */
  intro: LogEntry[];
  closing: LogEntry | null;
}

export const initialRealState: RealPvpState = {
  phase: 'idle',
  position: null,
  estimatedWait: null,
  battle: null,
  events: [],
  yourTurn: false,
  turnEndsAt: null,
  turnSeq: 0,
  winner: null,
  reason: null,
  rewards: null,
  noContest: false,
  rating: null,
  replayId: null,
  ghostOffer: null,
  spectators: 0,
  intro: [],
  closing: null,
};

export type RealPvpAction =
  | { type: 'join_sent' }
  | { type: 'leave_sent' }
  /** An `error` answer: a join still waiting for `queue_joined` failed. */
  | { type: 'error' }
  | { type: 'reset' }
  | { type: 'message'; message: unknown; now: number; myUserId: number };

function deadlineOf(value: unknown, now: number, battle: RealtimeBattleView | null): number {
  const at = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  return Number.isFinite(at) ? at : now + (battle?.turnSeconds ?? 0) * 1000;
}

function sameBattle(state: RealPvpState, msg: Record<string, unknown>): boolean {
  const id = num(msg.battleId);
  return id === null || !state.battle || state.battle.battleId === id;
}

/** battle_found (waiting) and battle_started (active): a new duel, or the running one again after a reconnect. */
function onBattle(state: RealPvpState, msg: Record<string, unknown>, now: number): RealPvpState {
  const battle = asRealtimeBattle(msg.battle ?? msg, state.battle);
  if (!battle) return state;
  const started = msg.type === 'battle_started' || battle.status === 'active';
  const fresh = !state.battle || state.battle.battleId !== battle.battleId;
  const events = battle.events.length > 0 ? battle.events : fresh ? [] : state.events;
  if (!fresh && state.phase === 'completed') return state;
  if (!fresh && started && state.phase === 'active') {
    // A repeat of the running duel (a state answer after a reconnect) only refreshes it.
    const turnEndsAt = battle.turnDeadline ? deadlineOf(battle.turnDeadline, now, battle) : state.turnEndsAt;
    const changed = turnEndsAt !== state.turnEndsAt || battle.yourTurn !== state.yourTurn;
    return { ...state, battle: { ...battle, status: 'active' }, events, yourTurn: battle.yourTurn, turnEndsAt, turnSeq: changed ? state.turnSeq + 1 : state.turnSeq };
  }
  if (!fresh && !started && state.phase === 'waiting') return { ...state, battle: { ...battle, status: 'waiting' }, events };
  const base: RealPvpState = {
    ...(fresh ? initialRealState : state),
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
    turnEndsAt: deadlineOf(battle.turnDeadline, now, battle),
    turnSeq: state.turnSeq + 1,
    intro: [...base.intro, note('fight', 'FIGHT! The duel has begun.', 'system')],
  };
}

function onEnded(state: RealPvpState, msg: Record<string, unknown>, myUserId: number): RealPvpState {
  if (!sameBattle(state, msg) || !state.battle) return state;
  const winner = num(msg.winner);
  const noContest = msg.noContest === true;
  const rewards = isRecord(msg.rewards) && !noContest ? { experience: num(msg.rewards.experience) ?? 0, credits: num(msg.rewards.credits) ?? 0 } : null;
  // The closing payload carries the whole battle: all of its events, the end included.
  const full = isRecord(msg.battle) && Array.isArray(msg.battle.events) ? (msg.battle.events as BattleEvent[]) : null;
  const reason = msg.reason === 'forfeit' || msg.reason === 'timeout' || msg.reason === 'time' || msg.reason === 'knockout' ? msg.reason : null;
  const line = noContest ? NO_CONTEST_TEXT : winner === myUserId ? 'Victory! The duel is yours.' : 'Defeat... the duel is lost.';
  return {
    ...state,
    phase: 'completed',
    events: full && full.length >= state.events.length ? full : state.events,
    yourTurn: false,
    turnEndsAt: null,
    winner,
    reason,
    rewards,
    noContest,
    rating: isRecord(msg.rating) ? (msg.rating as unknown as PvpBattleEndedView['rating']) : null,
    replayId: num(msg.replayId),
    battle: { ...state.battle, status: 'completed', winner, yourTurn: false },
    closing: note('end', line, 'ko'),
  };
}

function onMessage(state: RealPvpState, msg: Record<string, unknown>, now: number, myUserId: number): RealPvpState {
  switch (msg.type) {
    case 'queue_joined':
      if (state.phase !== 'idle' && state.phase !== 'joining' && state.phase !== 'searching' && state.phase !== 'completed') return state;
      return { ...state, phase: 'searching', position: num(msg.position), estimatedWait: num(msg.estimatedWait) };
    case 'queue_left':
      return state.phase === 'searching' || state.phase === 'joining' ? { ...state, phase: 'idle', position: null, ghostOffer: null } : state;
    case 'ghost_offer':
      return state.phase === 'searching' && isRecord(msg.ghost) ? { ...state, ghostOffer: msg.ghost as unknown as GhostOfferView } : state;
    case 'battle_found':
    case 'battle_started':
      return onBattle(state, msg, now);
    case 'battle_action':
      if (!state.battle || !sameBattle(state, msg) || state.phase === 'completed') return state;
      return { ...state, phase: state.phase === 'waiting' ? 'active' : state.phase, events: eventsAfter(state.events, msg.events) };
    case 'turn_changed': {
      if (!state.battle || !sameBattle(state, msg)) return state;
      const yourTurn = msg.yourTurn === true;
      const battle = { ...state.battle, yourTurn, status: 'active' as const };
      return { ...state, phase: state.phase === 'waiting' ? 'active' : state.phase, yourTurn, turnEndsAt: deadlineOf(msg.turnDeadline, now, battle), turnSeq: state.turnSeq + 1, battle };
    }
    case 'spectators':
      return state.battle && sameBattle(state, msg) && num(msg.count) !== null ? { ...state, spectators: num(msg.count)! } : state;
    case 'battle_ended':
      return onEnded(state, msg, myUserId);
    default:
      return state;
  }
}

export function realPvpReducer(state: RealPvpState, action: RealPvpAction): RealPvpState {
  switch (action.type) {
    case 'join_sent':
      return state.phase === 'idle' || state.phase === 'completed' ? { ...initialRealState, phase: 'joining' } : state;
    case 'leave_sent':
      return state.phase === 'searching' || state.phase === 'joining' ? { ...state, phase: 'idle', position: null, ghostOffer: null } : state;
    case 'error':
      return state.phase === 'joining' ? { ...state, phase: 'idle' } : state;
    case 'reset':
      return initialRealState;
    case 'message':
      return isRecord(action.message) && typeof action.message.type === 'string' ? onMessage(state, action.message, action.now, action.myUserId) : state;
  }
}

/** How the duel ended for this player; null while it has not. */
export function realOutcome(state: Pick<RealPvpState, 'phase' | 'winner' | 'noContest'>, myUserId: number): PvpOutcome | null {
  if (state.phase !== 'completed') return null;
  if (state.noContest) return 'no-contest';
  return state.winner === myUserId ? 'victory' : 'defeat';
}

/** The best character: highest level, then most wins, skipping ones listed for sale. */
export function bestCharacter(characters: readonly CharacterView[]): CharacterView | null {
  let best: CharacterView | null = null;
  for (const c of characters) {
    if (c.listing !== null) continue;
    if (!best || c.level > best.level || (c.level === best.level && c.wins > best.wins)) best = c;
  }
  return best;
}
