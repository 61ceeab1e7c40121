import { z } from 'zod';
import type { CharacterView } from './game-api';

/**
 * Player-versus-player (SPEC §2 PvP pages, §3 PvP battle states, §4, §7; DESIGN §4 PvP).
 * One engine serves both pages: the queue variant (/pvp-arena, HTTP + socket events) with
 * attack, defend and special, and the real-time variant (/pvp, socket only) with attack and
 * forfeit. Battles live in the database; the server enforces a 30 s turn timer.
 */

export const PVP_MOVES = ['attack', 'defend', 'special'] as const;
export type PvpMove = (typeof PVP_MOVES)[number];
export type PvpVariant = 'queue' | 'realtime';

export interface PvpFighterView {
  /** The player's user id. */
  id: number;
  username: string;
  character: CharacterView;
  hp: number;
  maxHp: number;
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
  /** User id of the player whose turn it is. */
  currentTurn: number;
  turnCount: number;
  /** When the current turn times out (ISO); the idle player forfeits. */
  turnDeadline: string;
  battleLog: PvpLogEntry[];
  /** Turns until each player's special is usable again (0 = ready), by user id. */
  specialCooldown: Record<string, number>;
  winner: number | null;
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
  reason: 'knockout' | 'forfeit' | 'timeout';
  battle: PvpBattleView;
}

export const joinQueueBody = z.object({
  characterId: z.number({ error: 'Create a character first' }).int('Create a character first').positive('Create a character first'),
});
export const makeMoveBody = z.object({ move: z.enum(PVP_MOVES, { error: 'Unknown move' }) });

/** Real-time variant: what `/pvp` shows (SPEC §3). */
export interface RealtimeBattleView {
  battleId: number;
  status: 'waiting' | 'active' | 'completed';
  opponent: { username: string; character: CharacterView; hp: number; maxHP: number } | null;
  yourCharacter: { character: CharacterView; hp: number; maxHP: number; wins: number; losses: number };
  /** Which HP of `battle_action` (player1HP or player2HP) is the player's. */
  yourSlot: 'player1' | 'player2';
  yourTurn: boolean;
  turnDeadline: string | null;
  winner: number | null;
}

/*
 * Socket messages of PvP (to be added to the unions of ws-messages.ts):
 * client → server: `pvp_join_queue {characterId}`, `pvp_leave_queue`, `pvp_action {battleId, action: 'attack'|'forfeit', actionData?}`.
 * server → client (queue page): `battle_matched {battle: PvpBattleView}`, `battle_turn {battle}`,
 *   `battle_ended PvpBattleEndedView`.
 * server → client (real-time page), in order: `queue_joined {position, estimatedWait}`, `queue_left`,
 *   `battle_found {battle: RealtimeBattleView}` (status waiting), `battle_started {battle}` (active),
 *   `battle_action {battleId, turn, player1HP, player2HP, message}`, `turn_changed {battleId, yourTurn, turnDeadline}`,
 *   `battle_ended {battleId, winner, rewards {experience, credits}}`; `error {message}` at any time.
 * Reconnecting: `GET /api/pvp/queue-status` returns the running battle; on the socket, `pvp_state`
 * (and `pvp_join_queue` while a battle runs) answers with the current state: `battle_started` for a
 * real-time battle, `battle_turn` for a queue battle, `queue_joined` while queued, else `queue_left`.
 * `battle_ended` carries the whole PvpBattleEndedView on both pages.
 */
