import { z } from 'zod';
import type { BattleEvent } from './battle-events';
import { chatText, type ChatMessageView } from './chat';
import { idField } from './ids';
import {
  joinQueueBody,
  type GhostOfferView,
  type PvpBattleEndedView,
  type PvpBattleView,
  type RealtimeBattleView,
  type SpectatorView,
} from './pvp';

/**
 * Messages of the real-time connection `/ws` (SPEC §7). Every message is a JSON object with a
 * `type`. Incoming ones are parsed with these schemas; anything else is answered `error`.
 * Later areas (PvP) add their types to both unions.
 */

export const WS_PATH = '/ws';
export const WS_MAX_MESSAGE_BYTES = 64 * 1024;

/**
 * Close codes the server ends a socket with, and the reasons it gives (the client shows them
 * and does not reconnect on its own after these).
 */
export const SOCKET_CLOSE = {
  /** The player logged out, changed their password or signed out everywhere. */
  loggedOut: 4001,
  /** The player opened more sockets than allowed: this, the oldest, was closed. */
  replaced: 4002,
  /** The session behind the socket ended (expired, or ended on another instance). */
  sessionEnded: 4003,
} as const;

export const SOCKET_CLOSE_REASONS = {
  loggedOut: 'Logged out',
  replaced: 'Opened in another tab',
  sessionEnded: 'Session ended',
} as const;

export const clientMessage = z.discriminatedUnion('type', [
  /** The ids it claims are ignored: the session cookie decides who this is. */
  z.object({ type: z.literal('auth'), userId: z.unknown().optional(), username: z.unknown().optional() }),
  z.object({
    type: z.literal('chat_message'),
    text: chatText,
    userId: z.unknown().optional(),
    username: z.unknown().optional(),
    timestamp: z.unknown().optional(),
    /** Echoed back in the broadcast the sender receives, as an acknowledgement. */
    clientId: z.string().max(64).optional(),
  }),
  z.object({ type: z.literal('ping') }),
  z.object({ type: z.literal('pvp_join_queue'), characterId: joinQueueBody.shape.characterId, arena: joinQueueBody.shape.arena }),
  /** Takes the ghost offered after 20 s alone in the queue. */
  z.object({ type: z.literal('pvp_accept_ghost') }),
  /** Watches a running battle read-only (GET /api/pvp/live lists them). */
  z.object({ type: z.literal('pvp_spectate'), battleId: idField('Unknown battle') }),
  z.object({ type: z.literal('pvp_unspectate'), battleId: idField('Unknown battle') }),
  z.object({ type: z.literal('pvp_leave_queue') }),
  z.object({
    type: z.literal('pvp_action'),
    battleId: idField('Unknown battle'),
    action: z.enum(['attack', 'forfeit'], { error: 'Unknown action' }),
    actionData: z.unknown().optional(),
  }),
  /** Asks for the current PvP state again (after a reconnect). */
  z.object({ type: z.literal('pvp_state') }),
]);
export type ClientMessage = z.infer<typeof clientMessage>;

export type ServerMessage =
  | { type: 'auth_success'; userId: number; username: string }
  | { type: 'chat_message'; message: ChatMessageView; clientId?: string }
  | { type: 'pong' }
  /** `clientId` names the chat message a refusal is about (socket form of chat). */
  | { type: 'error'; message: string; clientId?: string }
  // PvP (src/common/pvp.ts): queue page.
  | { type: 'battle_matched'; battle: PvpBattleView }
  | { type: 'battle_turn'; battle: PvpBattleView }
  | ({ type: 'battle_ended' } & PvpBattleEndedView)
  // PvP: real-time page.
  | { type: 'queue_joined'; position: number; estimatedWait: number }
  | { type: 'queue_left' }
  | { type: 'battle_found'; battle: RealtimeBattleView }
  | { type: 'battle_started'; battle: RealtimeBattleView }
  /** `events` are the engine's events of this action (docs/battle-protocol.md); side 0 is player1. */
  | { type: 'battle_action'; battleId: number; turn: number; player1HP: number; player2HP: number; message: string; events: BattleEvent[] }
  | { type: 'turn_changed'; battleId: number; yourTurn: boolean; turnDeadline: string }
  // PvP: both pages.
  /** A player alone in the queue for 20 s may fight a ghost (`pvp_accept_ghost`). */
  | { type: 'ghost_offer'; ghost: GhostOfferView }
  /** How many players watch the recipient's battle. */
  | { type: 'spectators'; battleId: number; count: number }
  // PvP: spectators.
  | { type: 'spectate_started'; battle: SpectatorView }
  | { type: 'spectate_event'; battleId: number; events: BattleEvent[]; turnDeadline: string }
  | { type: 'spectate_ended'; battleId: number; winner: 0 | 1; replayId: number };
