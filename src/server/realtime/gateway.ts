import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { WS_MAX_MESSAGE_BYTES, WS_PATH, type ClientMessage, type ServerMessage } from '@common/ws-messages';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { SessionCookie } from '../http/session';
import type { Bus, Unsubscribe } from './bus';
import { CHAT_CHANNEL, isChatEvent, isUserEvent, userChannel, type UserEvent } from './channels';
import { CLOSE_CODES, Connection, DEFAULT_TUNING, RATE_LIMIT_TEXT, type GatewayTuning } from './connection';
import { dispatchMessage, type MessageHandlers } from './dispatch';
import { refuseUpgrade, verifyUpgrade } from './upgrade-auth';

/**
 * The real-time gateway on `/ws` (DESIGN §5). Sockets are authenticated at the upgrade; events
 * reach them through the bus, so a user is reached on whichever instance holds their socket.
 */
export interface Gateway {
  /** Adds (or replaces) the handler of one incoming message type, e.g. for PvP. */
  handle<T extends ClientMessage['type']>(type: T, handler: MessageHandlers[T]): void;
  /** Delivers a message to every socket of a user, on every instance. */
  sendToUser(userId: number, message: ServerMessage): Promise<void>;
  /** Closes every socket of a user, on every instance (logout). */
  disconnectUser(userId: number, reason?: string): Promise<void>;
  /** Sockets of a user open on this instance (all users without an id). */
  localConnections(userId?: number): number;
  close(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    gateway: Gateway;
  }
}

export interface GatewayOptions {
  config: Config;
  db: Db;
  cookie: SessionCookie;
  bus: Bus;
  tuning?: Partial<GatewayTuning>;
}

const CLOSE_GRACE_MS = 1000;

export async function attachGateway(app: FastifyInstance, options: GatewayOptions): Promise<Gateway> {
  const { config, db, cookie, bus } = options;
  const tuning: GatewayTuning = { ...DEFAULT_TUNING, ...options.tuning };
  const log = app.log;
  const wss = new WebSocketServer({ noServer: true, maxPayload: WS_MAX_MESSAGE_BYTES, clientTracking: false });
  const byUser = new Map<number, Set<Connection>>();
  const userSubscriptions = new Map<number, Promise<Unsubscribe | undefined>>();
  const handlers: Partial<MessageHandlers> = {};
  let closing = false;

  const all = () => [...byUser.values()].flatMap((set) => [...set]);
  const deliverLocally = (userId: number, event: UserEvent) => {
    for (const conn of byUser.get(userId) ?? []) {
      if (event.kind === 'send') conn.send(event.message);
      else conn.close(event.code, event.reason);
    }
  };

  const unsubscribeChat = await bus.subscribe(CHAT_CHANNEL, (event) => {
    if (!isChatEvent(event)) return;
    // Serialised once for everyone; only the sending socket's copy carries its clientId.
    const text = JSON.stringify({ type: 'chat_message', message: event.message } satisfies ServerMessage);
    for (const conn of all()) {
      if (event.ack?.connectionId === conn.id) conn.send({ type: 'chat_message', message: event.message, clientId: event.ack.clientId });
      else conn.sendText(text);
    }
  });

  const subscribeUser = (userId: number) => {
    if (userSubscriptions.has(userId)) return;
    const subscription = bus
      .subscribe(userChannel(userId), (event) => {
        if (isUserEvent(event)) deliverLocally(userId, event);
      })
      .catch((err: unknown) => {
        log.warn({ err, userId }, 'could not subscribe to user events');
        return undefined;
      });
    userSubscriptions.set(userId, subscription);
  };
  const unsubscribeUser = (userId: number) => {
    const subscription = userSubscriptions.get(userId);
    userSubscriptions.delete(userId);
    void subscription
      ?.then((unsubscribe) => unsubscribe?.())
      .catch((err: unknown) => log.warn({ err, userId }, 'could not unsubscribe from user events'));
  };

  const onConnection = (ws: WebSocket, user: Connection['user']) => {
    const conn = new Connection(ws, user, tuning);
    let sockets = byUser.get(user.id);
    if (!sockets) byUser.set(user.id, (sockets = new Set()));
    sockets.add(conn);
    subscribeUser(user.id);

    let queue = Promise.resolve();
    ws.on('pong', () => (conn.alive = true));
    ws.on('error', (err) => log.debug({ err: err.message, userId: user.id }, 'socket error'));
    ws.on('message', (data: RawData, isBinary: boolean) => {
      conn.alive = true;
      const verdict = conn.take();
      if (verdict === 'abusive') return conn.close(CLOSE_CODES.policy, 'Rate limit exceeded');
      if (verdict === 'limited') return void conn.send({ type: 'error', message: RATE_LIMIT_TEXT });
      queue = queue.then(() => dispatchMessage({ db, conn, data, isBinary, handlers, log }));
    });
    ws.on('close', () => {
      sockets.delete(conn);
      if (sockets.size === 0 && byUser.get(user.id) === sockets) {
        byUser.delete(user.id);
        unsubscribeUser(user.id);
      }
    });
  };

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (path !== WS_PATH) return refuseUpgrade(socket, 404, 'Not found');
    if (closing) return refuseUpgrade(socket, 503, 'Server shutting down');
    verifyUpgrade(app, config, db, cookie, request)
      .then((verdict) => {
        if (!verdict.ok) return refuseUpgrade(socket, verdict.status, verdict.message);
        if (closing) return refuseUpgrade(socket, 503, 'Server shutting down');
        if (socket.destroyed) return;
        wss.handleUpgrade(request, socket, head, (ws) => onConnection(ws, verdict.user));
      })
      .catch((err: unknown) => {
        log.error({ err }, 'websocket upgrade failed');
        refuseUpgrade(socket, 500, 'Internal server error');
      });
  };
  app.server.on('upgrade', onUpgrade);

  const heartbeat = setInterval(() => {
    for (const conn of all()) {
      if (!conn.alive) {
        conn.ws.terminate();
        continue;
      }
      conn.alive = false;
      conn.ws.ping();
    }
  }, tuning.heartbeatMs);
  heartbeat.unref();

  const gateway: Gateway = {
    handle(type, handler) {
      (handlers as Record<string, unknown>)[type] = handler;
    },
    async sendToUser(userId, message) {
      await bus.publish(userChannel(userId), { kind: 'send', message } satisfies UserEvent);
    },
    async disconnectUser(userId, reason = 'Logged out') {
      const event: UserEvent = { kind: 'disconnect', code: CLOSE_CODES.loggedOut, reason };
      // Here at once, elsewhere through the bus; a bus failure must not keep local sockets open.
      deliverLocally(userId, event);
      try {
        await bus.publish(userChannel(userId), event);
      } catch (err) {
        log.warn({ err, userId }, 'could not announce a disconnect to other instances');
      }
    },
    localConnections(userId) {
      return userId === undefined ? all().length : (byUser.get(userId)?.size ?? 0);
    },
    async close() {
      if (closing) return;
      closing = true;
      clearInterval(heartbeat);
      app.server.off('upgrade', onUpgrade);
      const open = all();
      for (const conn of open) conn.close(CLOSE_CODES.goingAway, 'Server shutting down');
      await Promise.race([
        Promise.all(open.map((conn) => new Promise((resolve) => (conn.ws.readyState === conn.ws.CLOSED ? resolve(null) : conn.ws.once('close', resolve))))),
        new Promise((resolve) => setTimeout(resolve, CLOSE_GRACE_MS).unref()),
      ]);
      for (const conn of all()) conn.ws.terminate();
      await Promise.allSettled([unsubscribeChat(), ...[...userSubscriptions.keys()].map(async (id) => unsubscribeUser(id))]);
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
  app.decorate('gateway', gateway);
  app.addHook('preClose', async () => gateway.close());
  return gateway;
}
