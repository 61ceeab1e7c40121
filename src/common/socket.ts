/**
 * The real-time connection's path, frame limit and close codes (SPEC §7) as plain data: the
 * client's socket reads them without loading the messages' schemas (ws-messages.ts).
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
