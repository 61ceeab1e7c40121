import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { WebSocket, WebSocketServer } from 'ws';
import type { ChatMessageView } from '@common/chat';
import { WS_PATH } from '@common/ws-messages';
import type { Log, SessionUser } from '../context';
import { refuseUpgrade } from './refuse-upgrade';

/** Who opens a socket (DESIGN §5): the verdict on an upgrade request, from the session cookie and the Origin. */
export type UpgradeVerdict = { ok: true; user: SessionUser; session: string } | { ok: false; status: 401 | 403; message: string };

/**
 * What the gateway asks of the layers above it (it knows sockets and the bus, not sessions or
 * chat): who an upgrade is, whether its address may open another, which sessions still live,
 * and the latest chat after a bus outage.
 */
export interface GatewayHooks {
  verify(raw: IncomingMessage): Promise<UpgradeVerdict>;
  /** A place among the address's connections not yet signed in; null when it has none left (429). */
  admit(raw: IncomingMessage): { done(upgraded: boolean): void } | null;
  /** Of these sessions, the ones still live: sockets of the others close. */
  liveSessions(sessions: string[]): Promise<Set<string>>;
  /** The latest arena chat, oldest first. */
  /** The latest chat, each message with the players who block its author (they are not sent it). */
  recentChat(): Promise<{ message: ChatMessageView; hiddenFrom: readonly number[] }[]>;
}

/** Answered to an upgrade over the address's cap of connections not signed in. */
export const TOO_MANY_SOCKETS = 'Too many connections from your network. Try again shortly.';

/**
 * The HTTP server's `upgrade` listener for `/ws`: the address must have room for one more
 * connection not signed in, then the session and Origin decide (refused with a plain HTTP answer);
 * an accepted socket goes to `onConnection`.
 */
export function upgradeHandler({
  wss,
  hooks,
  log,
  closing,
  onConnection,
}: {
  wss: WebSocketServer;
  hooks: GatewayHooks;
  log: Log;
  closing: () => boolean;
  onConnection: (ws: WebSocket, user: SessionUser, session: string) => void;
}) {
  return (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (path !== WS_PATH) return refuseUpgrade(socket, 404, 'Not found');
    if (closing()) return refuseUpgrade(socket, 503, 'Server shutting down');
    // Upgrades whose session is still being checked count against the client's address.
    const pass = hooks.admit(request);
    if (!pass) return refuseUpgrade(socket, 429, TOO_MANY_SOCKETS);
    socket.once('close', () => pass.done(false));
    hooks
      .verify(request)
      .then((verdict) => {
        if (!verdict.ok) return refuseUpgrade(socket, verdict.status, verdict.message);
        if (closing()) return refuseUpgrade(socket, 503, 'Server shutting down');
        if (socket.destroyed) return;
        wss.handleUpgrade(request, socket, head, (ws) => {
          pass.done(true);
          onConnection(ws, verdict.user, verdict.session);
        });
      })
      .catch((err: unknown) => {
        log.error({ err }, 'websocket upgrade failed');
        refuseUpgrade(socket, 500, 'Internal server error');
      })
      .finally(() => pass.done(false));
  };
}
