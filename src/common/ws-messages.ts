import { z } from 'zod';
import { chatText, type ChatMessageView } from './chat';
import { joinQueueBody, type PvpBattleEndedView, type PvpBattleView, type RealtimeBattleView } from './pvp';

/**
 * Messages of the real-time connection `/ws` (SPEC §7). Every message is a JSON object with a
 * `type`. Incoming ones are parsed with these schemas; anything else is answered `error`.
 * Later areas (PvP) add their types to both unions.
 */

export const WS_PATH = '/ws';
export const WS_MAX_MESSAGE_BYTES = 64 * 1024;

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
  z.object({ type: z.literal('pvp_join_queue'), characterId: joinQueueBody.shape.characterId }),
  z.object({ type: z.literal('pvp_leave_queue') }),
  z.object({
    type: z.literal('pvp_action'),
    battleId: z.number({ error: 'Unknown battle' }).int().positive(),
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
  | { type: 'battle_action'; battleId: number; turn: number; player1HP: number; player2HP: number; message: string }
  | { type: 'turn_changed'; battleId: number; yourTurn: boolean; turnDeadline: string };
