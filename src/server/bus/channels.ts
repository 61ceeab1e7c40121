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
  /** Players who block the author: their sockets are not sent the message. */
  hiddenFrom?: number[];
}

/** A moderator deleted a chat message: every instance tells its sockets. */
export interface ChatDeletedEvent {
  deleted: number;
}

export function isChatDeletedEvent(value: unknown): value is ChatDeletedEvent {
  return typeof (value as { deleted?: unknown } | null)?.deleted === 'number';
}

export type UserEvent =
  | { kind: 'send'; message: ServerMessage }
  /**
   * Closes the user's sockets: all of them, or only those of `onlySession` (a logout ends one
   * session), or all but those of `exceptSession` (a password change keeps the session that asked).
   */
  | { kind: 'disconnect'; code: number; reason: string; exceptSession?: string; onlySession?: string }
  /** Closes one socket, wherever it is (the oldest, when a player opens one too many). */
  | { kind: 'close-socket'; socketId: string; code: number; reason: string };

export function isChatEvent(value: unknown): value is ChatEvent {
  const message = (value as { message?: { id?: unknown } } | null)?.message;
  return typeof message === 'object' && message !== null && typeof message.id === 'number';
}

export function isUserEvent(value: unknown): value is UserEvent {
  const kind = (value as { kind?: unknown } | null)?.kind;
  return kind === 'send' || kind === 'disconnect' || kind === 'close-socket';
}
