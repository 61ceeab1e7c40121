import type { BattleEvent } from '@common/battle-events';
import type { Side } from '@common/sides';
import type { GhostOfferView, PvpBattleEndedView, PvpBattleView, PvpEndReason, PvpRewardsView, RealtimeBattleView, SpectatorView } from '@common/pvp';
import type { ServerMessage } from '@common/ws-messages';
import type { LogEntry } from '@client/entities/battle/log-lines';

/**
 * What the PvP pages show, folded from the socket's messages by `pvpReducer` (pvp-reducer.ts).
 * `view` names the page: the duel of /pvp (real-time variant), the battle of /pvp-arena (queue
 * variant), or a battle watched read-only (/pvp?watch=). Each page holds a state of its own.
 */
export type PvpState = DuelState | QueueState | WatchState;

/** The server message of one type, as typed by its schema (src/common/ws-messages.ts). */
export type MessageOf<T extends ServerMessage['type']> = Extract<ServerMessage, { type: T }>;

/** What a message is read with besides the state: when it arrived, and who reads it. */
export interface Arrival {
  /** Epoch ms. */
  now: number;
  /** The player's user id (-1 while unknown). */
  me: number;
}

/** /pvp (SPEC §4): queue_joined → battle_found (waiting) → battle_started (active) → battle_ended (completed). */
export type DuelPhase = 'idle' | 'joining' | 'searching' | 'waiting' | 'active' | 'completed';

export interface DuelState {
  view: 'duel';
  phase: DuelPhase;
  position: number | null;
  estimatedWait: number | null;
  /** When the search began here (epoch ms), for the time waited. */
  searchSince: number | null;
  /** When the announced wait ends (epoch ms): a ghost may be offered then. */
  waitEndsAt: number | null;
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

export const initialDuelState: DuelState = {
  view: 'duel',
  phase: 'idle',
  position: null,
  estimatedWait: null,
  searchSince: null,
  waitEndsAt: null,
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

/** /pvp-arena (SPEC §4): idle → joining → searching → battle → ended → idle. */
export type QueuePhase = 'idle' | 'joining' | 'searching' | 'battle' | 'ended';

export interface QueueState {
  view: 'queue';
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

export const initialQueueState: QueueState = { view: 'queue', phase: 'idle', battle: null, ended: null, finishedIds: [], ghostOffer: null, last: null };

/**
 * Watching battle `battleId` read-only (`pvp_spectate`): `spectate_started` gives the battle so
 * far, `spectate_event` each action's events, `spectate_ended` the winner and the replay.
 */
export interface WatchState {
  view: 'watch';
  battleId: number;
  phase: 'joining' | 'watching' | 'ended' | 'refused';
  battle: SpectatorView | null;
  events: BattleEvent[];
  turnDeadline: string | null;
  winner: Side | null;
  replayId: number | null;
  /** Why the battle cannot be watched (over, unknown, one's own). */
  refusal: string | null;
}

export function initialWatchState(battleId: number): WatchState {
  return { view: 'watch', battleId, phase: 'joining', battle: null, events: [], turnDeadline: null, winner: null, replayId: null, refusal: null };
}
