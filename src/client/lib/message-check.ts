import type { ServerMessage } from '@common/ws-messages';

type MessageCheck = (data: unknown) => ServerMessage | null;

let messageCheck: MessageCheck | undefined;
let messageCheckLoad: Promise<MessageCheck> | undefined;

/**
 * Loads the check of server messages (server-message.ts: every message's shape, message-shape.ts) once,
 * with the first socket, so that it stays out of the code a screen needs to show itself. A load
 * that fails (a new build replaced the chunk) is tried again by the next message.
 */
export function loadMessageCheck(): Promise<MessageCheck> {
  messageCheckLoad ??= import('./server-message').then(
    (m) => (messageCheck = m.parseServerMessage),
    (err: unknown) => {
      messageCheckLoad = undefined;
      throw err;
    },
  );
  return messageCheckLoad;
}

/** The check once loaded, else undefined. */
export function loadedMessageCheck(): MessageCheck | undefined {
  return messageCheck;
}
