import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { SOCKET_CLOSE, WS_PATH } from '@common/socket';
import type { ClientMessage, ServerMessage } from '@common/ws-messages';
import { loadMessageCheck, loadedMessageCheck } from './message-check';
import { confirmSession } from './session';
import { tabSockets } from './tab-sockets';

/**
 * The real-time connection to the game server (`/ws`, SPEC §7). The socket is authenticated by
 * the session cookie; on every open it sends `auth` first. After a close it tries again 3 seconds
 * later (SPEC §4, §9; with up to 3 s of jitter, then a capped backoff: `reconnectDelay`) until its
 * owner closes it, except when the server says why it closed:
 * - 4002 'Opened in another tab' (the player opened more sockets than allowed and this, the
 *   oldest, gave way): status 'replaced', no retry, or two tabs would take turns evicting each
 *   other; `reconnect()` opens it again when the player asks;
 * - 4001 'Logged out' and 4003 'Session ended': no retry; `onSessionEnded` decides what next.
 * A try that never opened calls `onRefused` before its retry: the browser hides why (a server
 * down, or up and refusing the session it lost in a restart), so the owner asks over HTTP.
 */

/** 'replaced': closed because the game was opened in another tab; waits for `reconnect()`. */
export type SocketStatus = 'connecting' | 'online' | 'disconnected' | 'replaced';

/** SPEC §9: reconnect 3 s after a close. */
export const SOCKET_RECONNECT_MS = 3000;
/**
 * The first retry comes up to this much after SPEC's 3 s, at random: a fifth of the 15 s over
 * which a stopping instance closes its sockets (SHUTDOWN_SPREAD_MS), so closes that reach the
 * pages in bursts (a busy instance, a busy network) still come back spread out.
 */
export const RECONNECT_JITTER_MS = 3000;
/** No retry waits longer than this. */
export const RECONNECT_MAX_MS = 30_000;

/**
 * How long to wait before retry number `attempt` (0 for the first after a close; back to 0 once
 * a socket opens). The first comes 3 s after the close (SPEC §9) plus up to 3 s, so the sockets
 * of an instance that stops do not all come back in the same tick; each later one waits between
 * half and all of 3 s × 2^attempt, at most 30 s (6, 12, 24, 30 s ceilings), so a game that stays
 * unreachable is not asked again by every page every 3 s (docs/decisions.md 'Reconnects after a deploy').
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  if (attempt <= 0) return SOCKET_RECONNECT_MS + Math.floor(random() * RECONNECT_JITTER_MS);
  const ceiling = Math.min(RECONNECT_MAX_MS, SOCKET_RECONNECT_MS * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** The ready state of an open socket (WebSocket.OPEN). */
const OPEN = 1;

/** The part of the browser's WebSocket this client uses (a fake one in tests). */
export interface WebSocketLike {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export type WebSocketFactory = (url: string) => WebSocketLike;

export interface SocketIdentity {
  userId: number;
  username: string;
}

export interface GameSocketOptions {
  /** Defaults to `/ws` on this page's host, `wss:` under https. */
  url?: string;
  /** Who the `auth` message names (the server decides by the cookie; it ignores these). */
  auth?: SocketIdentity;
  onMessage: (message: ServerMessage) => void;
  onStatus?: (status: SocketStatus) => void;
  /** The server closed the socket because the session ended (4001 or 4003); nothing retries. */
  onSessionEnded?: (code: number) => void;
  /**
   * A try to open found no socket (the upgrade was refused, or nothing answered): called with the
   * number of such tries in a row, before the next retry is scheduled.
   */
  onRefused?: (failures: number) => void;
  /** The wait before retry number `attempt` after a close; `reconnectDelay` by default. */
  reconnectDelay?: (attempt: number) => number;
  /** Opens a socket; the browser's WebSocket by default. */
  createSocket?: WebSocketFactory;
}

export interface GameSocket {
  /** Sends a message; false when the socket is not open (nothing is queued). */
  send(message: ClientMessage): boolean;
  /** Opens the socket again at once (after 'replaced', say); nothing when open, connecting or closed. */
  reconnect(): void;
  /** Closes for good: no more reconnects, no more callbacks. */
  close(): void;
  readonly status: SocketStatus;
}

/** `ws(s)://<host>/ws` for the page's location. */
export function defaultSocketUrl(loc: Pick<Location, 'protocol' | 'host'> = globalThis.location): string {
  return `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}${WS_PATH}`;
}

/** The close code of a close event, if it has one. */
function closeCodeOf(event: unknown): number | undefined {
  const code = event && typeof event === 'object' ? (event as { code?: unknown }).code : undefined;
  return typeof code === 'number' ? code : undefined;
}

function browserSocket(url: string): WebSocketLike {
  return new WebSocket(url) as unknown as WebSocketLike;
}

/** Opens the game socket and keeps it open until `close()`. */
export function createGameSocket(options: GameSocketOptions): GameSocket {
  const delay = options.reconnectDelay ?? reconnectDelay;
  /** Retries since the last socket that opened. */
  let attempt = 0;
  const open = options.createSocket ?? browserSocket;
  let socket: WebSocketLike | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let closed = false;
  let status: SocketStatus = 'connecting';
  /** Tries in a row that never opened. */
  let refused = 0;

  function setStatus(next: SocketStatus): void {
    if (closed || status === next) return;
    status = next;
    options.onStatus?.(next);
  }

  function scheduleReconnect(): void {
    if (closed || timer !== null) return;
    const wait = delay(attempt);
    attempt += 1;
    timer = setTimeout(() => {
      timer = null;
      connect();
    }, wait);
  }

  function connect(): void {
    if (closed) return;
    setStatus('connecting');
    let ws: WebSocketLike;
    try {
      ws = open(options.url ?? defaultSocketUrl());
    } catch {
      setStatus('disconnected');
      scheduleReconnect();
      return;
    }
    socket = ws;
    let opened = false;
    /** Frames that came before the message check had loaded, in order. */
    const backlog: unknown[] = [];
    const deliver = (data: unknown) => {
      const message = loadedMessageCheck()!(data);
      if (message) options.onMessage(message);
    };
    const drain = () => {
      while (backlog.length > 0 && !closed && socket === ws) deliver(backlog.shift());
      backlog.length = 0;
    };

    ws.onopen = () => {
      if (closed || socket !== ws) return;
      opened = true;
      refused = 0;
      const auth: ClientMessage = { type: 'auth', ...(options.auth ?? {}) };
      try {
        ws.send(JSON.stringify(auth));
      } catch {
        // A socket that cannot send will close; the close handler reconnects.
      }
      attempt = 0;
      setStatus('online');
    };
    ws.onmessage = (event) => {
      if (closed || socket !== ws) return;
      // Every message is checked (server-message.ts); none is passed on before its check.
      if (loadedMessageCheck() && backlog.length === 0) {
        deliver(event.data);
        return;
      }
      backlog.push(event.data);
      if (backlog.length === 1) {
        loadMessageCheck().then(drain, (err: unknown) => {
          backlog.length = 0;
          console.warn(`Socket messages dropped: their check did not load (${err instanceof Error ? err.message : String(err)})`);
        });
      }
    };
    ws.onerror = () => {
      // A close always follows an error; reconnecting is done there.
    };
    ws.onclose = (event) => {
      if (socket !== ws) return;
      socket = null;
      const code = closeCodeOf(event);
      if (code === SOCKET_CLOSE.replaced) {
        setStatus('replaced');
        return;
      }
      setStatus('disconnected');
      if (code === SOCKET_CLOSE.loggedOut || code === SOCKET_CLOSE.sessionEnded) {
        if (!closed) options.onSessionEnded?.(code);
        return;
      }
      if (!opened) {
        refused += 1;
        options.onRefused?.(refused);
        if (closed) return;
      }
      scheduleReconnect();
    };
  }

  void loadMessageCheck().catch(() => undefined);
  connect();

  return {
    send(message) {
      if (closed || !socket || socket.readyState !== OPEN) return false;
      try {
        socket.send(JSON.stringify(message));
        return true;
      } catch {
        return false;
      }
    },
    reconnect() {
      if (closed || socket !== null) return;
      if (timer !== null) clearTimeout(timer);
      timer = null;
      connect();
    },
    close() {
      if (closed) return;
      closed = true;
      if (timer !== null) clearTimeout(timer);
      timer = null;
      const ws = socket;
      socket = null;
      if (ws) {
        ws.onopen = null;
        ws.onmessage = null;
        ws.onclose = null;
        ws.onerror = null;
        try {
          ws.close(1000, 'closed by client');
        } catch {
          // Already closing.
        }
      }
    },
    get status() {
      return status;
    },
  };
}

export interface UseGameSocketOptions {
  /** Connect only while true (a logged-in player). */
  enabled?: boolean;
  url?: string;
  auth?: SocketIdentity;
  onMessage: (message: ServerMessage) => void;
  /** A screen's socket (the default): the nav's bell opens its own only while none is open. */
  screen?: boolean;
}

export interface UseGameSocketResult {
  status: SocketStatus;
  /** False until the first connection attempt has succeeded or failed. */
  settled: boolean;
  send: (message: ClientMessage) => boolean;
  /** Opens the socket again (the Reconnect button after 'Opened in another tab'). */
  reconnect: () => void;
}

/**
 * The game socket for one screen: open while mounted and enabled, closed on unmount. Closed as
 * 'Logged out' or 'Session ended', it asks the server whether this tab's session still holds:
 * gone, the login screen shows (the session of another device logging out only reconnects).
 */
export function useGameSocket({ enabled = true, url, auth, onMessage, screen = true }: UseGameSocketOptions): UseGameSocketResult {
  const queryClient = useQueryClient();
  const [state, setState] = useState<{ status: SocketStatus; settled: boolean }>({ status: 'connecting', settled: false });
  const socketRef = useRef<GameSocket | null>(null);
  const onMessageRef = useRef(onMessage);
  useEffect(() => {
    onMessageRef.current = onMessage;
  }, [onMessage]);

  const userId = auth?.userId;
  const username = auth?.username;

  useEffect(() => {
    if (!enabled) return;
    // Names this socket to the tab's register of online sockets (set before the socket exists:
    // its first status may come while it is being made).
    const key = {};
    const socket = createGameSocket({
      url,
      auth: userId !== undefined && username !== undefined ? { userId, username } : undefined,
      onMessage: (message) => {
        onMessageRef.current(message);
        tabSockets.deliver(message);
      },
      onStatus: (status) => {
        tabSockets.online(key, status === 'online');
        setState((prev) => ({ status, settled: prev.settled || status !== 'connecting' }));
      },
      onSessionEnded: () => {
        void confirmSession(queryClient, { ended: true }).then((holds) => {
          if (holds) socket.reconnect();
        });
      },
      // Refused twice in a row (once is a restart or a deploy in progress): does the session
      // still hold? A server that restarted and lost it refuses every retry, and the page would
      // look signed in until the next screen; gone, the login screen says why.
      onRefused: (failures) => {
        if (failures >= 2) void confirmSession(queryClient);
      },
    });
    socketRef.current = socket;
    if (screen) tabSockets.screenSocket(true);
    return () => {
      if (screen) tabSockets.screenSocket(false);
      tabSockets.online(key, false);
      socket.close();
      if (socketRef.current === socket) socketRef.current = null;
      setState({ status: 'connecting', settled: false });
    };
  }, [enabled, url, userId, username, queryClient, screen]);

  const send = useCallback((message: ClientMessage) => socketRef.current?.send(message) ?? false, []);
  const reconnect = useCallback(() => socketRef.current?.reconnect(), []);

  return { status: enabled ? state.status : 'disconnected', settled: enabled ? state.settled : true, send, reconnect };
}
