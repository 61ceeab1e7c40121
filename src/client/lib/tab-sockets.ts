import type { ServerMessage } from '@common/ws-messages';

/**
 * What the sockets of this tab hear, for those who listen without a socket of their own (the
 * nav's notification bell): every message any game socket of the tab receives, and how many
 * screen sockets are open, so the bell opens one only when no screen holds one.
 */

type Listener = (message: ServerMessage) => void;

const listeners = new Set<Listener>();
const countListeners = new Set<() => void>();
let screenSockets = 0;

export const tabSockets = {
  /** Every message a game socket of the tab receives; answers the unsubscribe. */
  listen(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  deliver(message: ServerMessage): void {
    for (const listener of [...listeners]) listener(message);
  },
  /** A screen's socket opened (true) or closed (false). */
  screenSocket(open: boolean): void {
    screenSockets = Math.max(0, screenSockets + (open ? 1 : -1));
    for (const listener of [...countListeners]) listener();
  },
  /** Screen sockets open now (for useSyncExternalStore). */
  screenSockets(): number {
    return screenSockets;
  },
  subscribeScreenSockets(listener: () => void): () => void {
    countListeners.add(listener);
    return () => countListeners.delete(listener);
  },
};
