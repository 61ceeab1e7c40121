import type { ServerMessage } from '@common/ws-messages';

/**
 * What the sockets of this tab hear, for those who listen without a socket of their own (the
 * nav's notification bell): every message any game socket of the tab receives, how many screen
 * sockets are open, so the bell opens one only when no screen holds one, and when the tab hears
 * again after a stretch with no socket online (what was pushed meanwhile was heard by nobody).
 */

type Listener = (message: ServerMessage) => void;

const listeners = new Set<Listener>();
const countListeners = new Set<() => void>();
const resumeListeners = new Set<() => void>();
let screenSockets = 0;
/** The tab's sockets that are online now. */
const online = new Set<object>();

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
  /**
   * A socket of the tab (a screen's or the bell's own, named by any object) is online or not.
   * The first to come online while none is calls the `onResumed` listeners: a handover from the
   * bell's socket to a screen's, a reconnection, the first connection of the page.
   */
  online(socket: object, isOnline: boolean): void {
    const before = online.size;
    if (isOnline) online.add(socket);
    else online.delete(socket);
    if (before === 0 && online.size > 0) for (const listener of [...resumeListeners]) listener();
  },
  /** Called each time the tab hears again after no socket of it was online; answers the unsubscribe. */
  onResumed(listener: () => void): () => void {
    resumeListeners.add(listener);
    return () => resumeListeners.delete(listener);
  },
};
