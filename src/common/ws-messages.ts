import { z } from 'zod';
import { battleEventSchema, sideSchema } from './battle-events';
import { chatMessageViewSchema, chatText } from './chat';
import { SKILL_CHOICE_MESSAGE, duelSkillViewSchema, skillActionData } from './duel';
import { idField } from './ids';
import { notificationViewSchema } from './notifications';
import { challengerSchema } from './challenges';
import {
  ghostOfferViewSchema,
  joinQueueBody,
  pvpBattleEndedViewSchema,
  pvpBattleViewSchema,
  realtimeBattleViewSchema,
  spectatorViewSchema,
} from './pvp';

/**
 * Messages of the real-time connection `/ws` (SPEC §7). Every message is a JSON object with a
 * `type`. Incoming ones are parsed with these schemas; anything else is answered `error`.
 */

export { SOCKET_CLOSE, SOCKET_CLOSE_REASONS, WS_MAX_MESSAGE_BYTES, WS_PATH } from './socket';

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
  /** `skill` names a learned skill in `actionData: {skillId}` (src/common/duel.ts). */
  z
    .object({
      type: z.literal('pvp_action'),
      battleId: idField('Unknown battle'),
      action: z.enum(['attack', 'forfeit', 'skill'], { error: 'Unknown action' }),
      actionData: z.unknown().optional(),
    })
    .superRefine((message, ctx) => {
      if (message.action === 'skill' && !skillActionData.safeParse(message.actionData).success) ctx.addIssue({ code: 'custom', message: SKILL_CHOICE_MESSAGE });
    }),
  /** Asks for the current PvP state again (after a reconnect). */
  z.object({ type: z.literal('pvp_state') }),
]);
export type ClientMessage = z.infer<typeof clientMessage>;

/**
 * Messages the server sends. In tests and development the server checks every one against this
 * schema before it leaves; the client checks every one it receives and drops what does not match.
 */
export const serverMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth_success'), userId: z.number().int(), username: z.string() }),
  z.object({ type: z.literal('chat_message'), message: chatMessageViewSchema, clientId: z.string().optional() }),
  z.object({ type: z.literal('pong') }),
  /** A moderator deleted this chat message: it leaves every open chat. */
  z.object({ type: z.literal('chat_deleted'), id: z.number().int() }),
  /** `clientId` names the chat message a refusal is about (socket form of chat). */
  z.object({ type: z.literal('error'), message: z.string(), clientId: z.string().optional() }),
  // PvP (src/common/pvp.ts): queue page.
  z.object({ type: z.literal('battle_matched'), battle: pvpBattleViewSchema }),
  z.object({ type: z.literal('battle_turn'), battle: pvpBattleViewSchema }),
  z.object({ type: z.literal('battle_ended'), ...pvpBattleEndedViewSchema.shape }),
  // PvP: real-time page.
  z.object({ type: z.literal('queue_joined'), position: z.number().int(), estimatedWait: z.number() }),
  z.object({ type: z.literal('queue_left') }),
  z.object({ type: z.literal('battle_found'), battle: realtimeBattleViewSchema }),
  z.object({ type: z.literal('battle_started'), battle: realtimeBattleViewSchema }),
  /** `events` are the engine's events of this action (docs/battle-protocol.md); side 0 is player1. */
  z.object({
    type: z.literal('battle_action'),
    battleId: z.number().int(),
    turn: z.number().int(),
    player1HP: z.number(),
    player2HP: z.number(),
    message: z.string(),
    events: z.array(battleEventSchema),
  }),
  /** `skills`: the recipient's own skills and when each is ready again. */
  z.object({ type: z.literal('turn_changed'), battleId: z.number().int(), yourTurn: z.boolean(), turnDeadline: z.string(), skills: z.array(duelSkillViewSchema).optional() }),
  // PvP: both pages.
  /** A player alone in the queue for 20 s may fight a ghost (`pvp_accept_ghost`). */
  z.object({ type: z.literal('ghost_offer'), ghost: ghostOfferViewSchema }),
  /** How many players watch the recipient's battle. */
  z.object({ type: z.literal('spectators'), battleId: z.number().int(), count: z.number().int() }),
  // PvP: spectators.
  z.object({ type: z.literal('spectate_started'), battle: spectatorViewSchema }),
  z.object({ type: z.literal('spectate_event'), battleId: z.number().int(), events: z.array(battleEventSchema), turnDeadline: z.string() }),
  z.object({ type: z.literal('spectate_ended'), battleId: z.number().int(), winner: sideSchema, replayId: z.number().int() }),
  // Notifications (src/common/notifications.ts): one was stored for the recipient.
  z.object({ type: z.literal('notification'), notification: notificationViewSchema }),
  // Direct challenges (src/common/challenges.ts): to the challenged player, then to the challenger.
  z.object({ type: z.literal('challenge_received'), challengeId: z.number().int(), from: challengerSchema, expiresAt: z.string() }),
  // `by`: the player who declined (or withdrew); absent from servers before it.
  z.object({ type: z.literal('challenge_declined'), challengeId: z.number().int(), by: z.string().optional() }),
  // `with`: the other player of the challenge; absent from servers before it.
  z.object({ type: z.literal('challenge_expired'), challengeId: z.number().int(), with: z.string().optional() }),
  // Friends: a request to or from the recipient was declined or withdrawn, or a friendship of
  // theirs ended; their lists are read again (a request and an acceptance come as notifications).
  z.object({ type: z.literal('friends_changed') }),
]);
export type ServerMessage = z.infer<typeof serverMessage>;
