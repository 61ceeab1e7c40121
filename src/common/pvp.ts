import { z } from 'zod';
import { ARENA_IDS, type ArenaId } from './arenas';
import type { BattleEvent } from './battle-events';
import type { ClassId } from './characters';
import type { CharacterView } from './game-api';
import { idField } from './ids';

/**
 * Player-versus-player (SPEC §2 PvP pages, §3 PvP battle states, §4, §7; DESIGN §4 PvP).
 * One engine serves both pages: the queue variant (/pvp-arena, HTTP + socket events) with
 * attack, defend and special, and the real-time variant (/pvp, socket only) with attack and
 * forfeit. A running battle lives in the memory of one server instance; the turn timer
 * (PVP_TURN_SECONDS, 30 s by default) runs there.
 */

export const PVP_MOVES = ['attack', 'defend', 'special'] as const;
export type PvpMove = (typeof PVP_MOVES)[number];
export type PvpVariant = 'queue' | 'realtime';
export type PvpEndReason = 'knockout' | 'time' | 'forfeit' | 'timeout';

/** A fighter's PvP rating (Glicko-2): the rating and its deviation, shown as 1500 ± 350. */
export interface RatingView {
  rating: number;
  deviation: number;
}

export interface PvpFighterView {
  /** The player's user id; 0 for a ghost. */
  id: number;
  /** The player's name, or 'Ghost of {name}'. */
  username: string;
  character: CharacterView;
  hp: number;
  maxHp: number;
  rating: RatingView;
}

export interface PvpLogEntry {
  message: string;
  attacker: string;
  defenderHp: number;
  /** Whose HP `defenderHp` is: 'player1' or 'player2'. */
  defender: 'player1' | 'player2';
}

/** Queue variant battle state (SPEC §3), also the payload of `battle_matched` and `battle_turn`. */
export interface PvpBattleView {
  id: number;
  variant: PvpVariant;
  status: 'active' | 'completed';
  player1: PvpFighterView;
  player2: PvpFighterView;
  /** User id of the player whose turn it is (0 while a ghost moves). */
  currentTurn: number;
  turnCount: number;
  /** When the current turn times out (ISO); the idle player forfeits. */
  turnDeadline: string;
  /** The turn length the server runs, in seconds. */
  turnSeconds: number;
  battleLog: PvpLogEntry[];
  /** Turns until each player's special is usable again (0 = ready), by user id. */
  specialCooldown: Record<string, number>;
  winner: number | null;
  /** Everything so far as the engine's events (docs/battle-protocol.md); side 0 is player1. */
  events: BattleEvent[];
  /** The stored battle once it has ended (`/replay/{replayId}`). */
  replayId: number | null;
  /** Player2 is a ghost: an AI-driven copy of a real character (half rewards, no rating change). */
  ghost: boolean;
  /** Players watching. */
  spectators: number;
}

/** `GET /api/pvp/queue-status`. */
export interface QueueStatusView {
  /** Seconds this player has waited in the queue (0 when not queued). */
  queueTime: number;
  playersInQueue: number;
  activeBattles: number;
  inQueue: boolean;
  /** 1-based position when queued. */
  position: number | null;
  battle: PvpBattleView | null;
  /** The ghost offered to a player alone in the queue for 20 s. */
  ghostOffer: GhostOfferView | null;
  /** The turn length the server runs, in seconds. */
  turnSeconds: number;
}

export interface PvpRewardsView {
  experience: number;
  credits: number;
}

/** `battle_ended` payload (SPEC §7: {winner, rewards {experience, credits}}), per recipient. */
export interface PvpBattleEndedView {
  battleId: number;
  winner: number;
  /** The recipient's own rewards. */
  rewards: PvpRewardsView;
  reason: PvpEndReason;
  /** The battle ended before both players had moved: no rewards, no win or loss. */
  noContest: boolean;
  battle: PvpBattleView;
  /** The stored battle (`/replay/{replayId}`). */
  replayId: number;
  /** The recipient's rating before and after (unchanged in a ghost battle or a no contest). */
  rating: { before: RatingView; after: RatingView } | null;
}

/** A ghost offered to a player waiting alone: the real character it copies. */
export interface GhostOfferView {
  name: string;
  class: ClassId;
  level: number;
  rating: number;
}

export const joinQueueBody = z.object({
  characterId: idField('Create a character first'),
  /** Join through an arena of /arena: paired only within its level range. */
  arena: z.enum(ARENA_IDS, { error: 'Unknown arena' }).optional(),
});
export const makeMoveBody = z.object({ move: z.enum(PVP_MOVES, { error: 'Unknown move' }) });

/** Real-time variant: what `/pvp` shows (SPEC §3). */
export interface RealtimeBattleView {
  battleId: number;
  status: 'waiting' | 'active' | 'completed';
  opponent: { username: string; character: CharacterView; hp: number; maxHP: number; rating: RatingView } | null;
  yourCharacter: { character: CharacterView; hp: number; maxHP: number; wins: number; losses: number; rating: RatingView };
  /** Which HP of `battle_action` (player1HP or player2HP) is the player's. */
  yourSlot: 'player1' | 'player2';
  yourTurn: boolean;
  turnDeadline: string | null;
  /** The turn length the server runs, in seconds. */
  turnSeconds: number;
  winner: number | null;
  /** Everything so far as the engine's events; side 0 is player1. */
  events: BattleEvent[];
  ghost: boolean;
  spectators: number;
  arena: ArenaId | null;
}

/** One running battle in `GET /api/pvp/live`. */
export interface LiveBattleView {
  battleId: number;
  variant: PvpVariant;
  fighters: [LiveFighterView, LiveFighterView];
  turn: number;
  startedAt: string;
}

export interface LiveFighterView {
  username: string;
  name: string;
  class: ClassId;
  level: number;
  rating: number;
  characterAvatar: string;
  imageSet: string;
}

/** What a spectator sees: the battle view without actions. */
export interface SpectatorView {
  battleId: number;
  variant: PvpVariant;
  fighters: [SpectatedFighter, SpectatedFighter];
  events: BattleEvent[];
  turnDeadline: string;
  turnSeconds: number;
  status: 'active' | 'completed';
  winner: 0 | 1 | null;
  spectators: number;
  replayId: number | null;
}

export interface SpectatedFighter {
  username: string;
  character: CharacterView;
  rating: RatingView;
}

/** `GET /api/rankings?category=pvp` entries: the season's ladder (defined with the other rankings). */
export { pvpRankingEntrySchema, type PvpRankingEntry } from './game-api';
