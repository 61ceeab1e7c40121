import type { ChatMessageView } from '@common/chat';
import type { ServerMessage } from '@common/ws-messages';

/** Bus channels and the events they carry between instances. */

/** Every instance relays these to all of its sockets. */
export const CHAT_CHANNEL = 'chat';

/** Events for one user, delivered to their sockets on whichever instance holds them. */
export const userChannel = (userId: number) => `user:${userId}`;

export interface ChatEvent {
  message: ChatMessageView;
  /** The socket that sent it (socket form only): it alone gets its clientId back. */
  ack?: { connectionId: string; clientId: string };
}

export type UserEvent =
  | { kind: 'send'; message: ServerMessage }
  | { kind: 'disconnect'; code: number; reason: string };

export function isChatEvent(value: unknown): value is ChatEvent {
  const message = (value as { message?: { id?: unknown } } | null)?.message;
  return typeof message === 'object' && message !== null && typeof message.id === 'number';
}

export function isUserEvent(value: unknown): value is UserEvent {
  const kind = (value as { kind?: unknown } | null)?.kind;
  return kind === 'send' || kind === 'disconnect';
}
