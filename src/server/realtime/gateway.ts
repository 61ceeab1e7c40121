import type { FastifyInstance } from 'fastify';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { SOCKET_CLOSE_REASONS, WS_MAX_MESSAGE_BYTES, type ClientMessage, type ServerMessage } from '@common/ws-messages';
import type { AppContext } from '../context';
import type { Unsubscribe } from '../bus/bus';
import { isUserEvent, userChannel, type UserEvent } from '../bus/channels';
import { relayChat } from './chat-relay';
import { CLOSE_CODES, Connection, DEFAULT_TUNING, RATE_LIMIT_TEXT, messageEncoder, type GatewayTuning } from './connection';
import { dispatchMessage, type MessageHandlers } from './dispatch';
import { closeSpread } from './drain';
import { LocalSockets } from './local-sockets';
import { upgradeHandler, type GatewayHooks } from './upgrade';


/**
 * The real-time gateway on `/ws` (DESIGN §5). Sockets are authenticated at the upgrade; events
 * reach them through the bus, so a user is reached on whichever instance holds their socket.
 * A player holds at most `maxSocketsPerPlayer` sockets over all instances and shares one message
 * budget over theirs; every socket's session is checked again at least every `sessionCheckMs`.
 */
export interface Gateway {
  /** Adds (or replaces) the handler of one incoming message type, e.g. for PvP. */
  handle<T extends ClientMessage['type']>(type: T, handler: MessageHandlers[T]): void;
  /** Delivers a message to every socket of a user, on every instance. */
  sendToUser(userId: number, message: ServerMessage): Promise<void>;
  /**
   * Delivers messages to the user's sockets on this instance only (the caller knows there are no
   * others), at once; throws only where answers are checked and one is outside its contract.
   */
  sendLocal(userId: number, messages: readonly ServerMessage[]): void;
  /**
   * Closes sockets of a user, on every instance: all of them (sign out everywhere), only those of
   * `onlySession` (a logout), or all but those of `exceptSession` (a password change keeps the
   * session that made it). Sent again if the bus is down now.
   */
  disconnectUser(userId: number, options?: { reason?: string; exceptSession?: string; onlySession?: string }): Promise<void>;
  /** Called once a player has had no socket on any instance for `offlineGraceMs`. */
  onUserOffline(listener: (userId: number) => Promise<void>): void;
  /**
   * Calls `listener` for every socket opened here (to send what waits for its player); the
   * socket's own messages are handled after it, or after OPENING_WAIT_MS at most.
   */
  onConnected(listener: (conn: Connection) => Promise<void>): void;
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
  ctx: AppContext;
  hooks: GatewayHooks;
  tuning?: Partial<GatewayTuning>;
}


const CLOSE_GRACE_MS = 1000;
/** How long a new socket's own messages wait for what its opening sends (the challenges waiting for its player). */
const OPENING_WAIT_MS = 2000;

export async function attachGateway(app: FastifyInstance, options: GatewayOptions): Promise<Gateway> {
  const { ctx, hooks } = options;
  const { bus, log } = ctx;
  const tuning: GatewayTuning = { ...DEFAULT_TUNING, ...options.tuning };
  const wss = new WebSocketServer({ noServer: true, maxPayload: WS_MAX_MESSAGE_BYTES, clientTracking: false });
  const sockets = new LocalSockets(tuning);
  // Every message leaves through this: checked against its schema where answers are checked.
  const encode = messageEncoder(ctx.config.CHECK_ANSWERS);
  const encoded = new WeakMap<ServerMessage, string>();
  const userSubscriptions = new Map<number, Promise<Unsubscribe | undefined>>();
  const offlineTimers = new Map<number, NodeJS.Timeout>();
  const offlineListeners: ((userId: number) => Promise<void>)[] = [];
  const connectedListeners: ((conn: Connection) => Promise<void>)[] = [];
  const handlers: Partial<MessageHandlers> = {};
  let closing = false;

  const replaced = (conn: Connection) => conn.close(CLOSE_CODES.replaced, SOCKET_CLOSE_REASONS.replaced);

  const deliverLocally = (userId: number, event: UserEvent) => {
    for (const conn of sockets.of(userId)) {
      if (event.kind === 'send') conn.send(event.message);
      else if (event.kind === 'disconnect') {
        const spared = conn.session === event.exceptSession || (event.onlySession !== undefined && conn.session !== event.onlySession);
        if (!spared) conn.close(event.code, event.reason);
      } else if (conn.id === event.socketId) conn.close(event.code, event.reason);
    }
  };

  const unsubscribeChat = await relayChat(bus, sockets, encode, hooks.recentChat, log);

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

  /** The player's sockets beyond the allowed number close, here at once and elsewhere through the bus. */
  const enforceSocketCap = async (conn: Connection) => {
    for (const old of sockets.add(conn)) replaced(old);
    try {
      const evicted = await bus.trackSocket(conn.user.id, { id: conn.id, openedAt: conn.openedAt }, tuning.maxSocketsPerPlayer);
      for (const socketId of evicted) {
        const local = sockets.find(conn.user.id, socketId);
        if (local) replaced(local);
        else {
          const event: UserEvent = { kind: 'close-socket', socketId, code: CLOSE_CODES.replaced, reason: SOCKET_CLOSE_REASONS.replaced };
          await bus.publish(userChannel(conn.user.id), event, { retry: true }).catch(() => undefined);
        }
      }
    } catch (err) {
      // The shared register is unreachable: the cap still holds on this instance.
      log.warn({ err: String(err), userId: conn.user.id }, 'could not register a socket');
    }
  };

  /** After the grace period with no socket anywhere, the player counts as gone. */
  const scheduleOfflineCheck = (userId: number) => {
    clearTimeout(offlineTimers.get(userId));
    const timer = setTimeout(() => {
      offlineTimers.delete(userId);
      if (closing || sockets.count(userId) > 0) return;
      sockets.forget(userId);
      bus
        .socketCount(userId)
        .catch(() => 0) // the register is unreachable: this instance's view decides
        .then(async (elsewhere) => {
          if (elsewhere > 0 || sockets.count(userId) > 0) return;
          for (const listener of offlineListeners) await listener(userId);
        })
        .catch((err: unknown) => log.warn({ err, userId }, 'offline handling failed'));
    }, tuning.offlineGraceMs);
    timer.unref();
    offlineTimers.set(userId, timer);
  };

  const onConnection = (ws: WebSocket, user: Connection['user'], session: string) => {
    const conn = new Connection(ws, user, session, sockets.budgetOf(user.id), tuning, encode);
    clearTimeout(offlineTimers.get(user.id));
    offlineTimers.delete(user.id);
    subscribeUser(user.id);
    void enforceSocketCap(conn);

    // What is sent on opening comes first: the socket's messages are handled once it is out, or
    // after OPENING_WAIT_MS at most (a database that does not answer does not hold up the chat).
    const opening = Promise.all(connectedListeners.map((listener) => listener(conn).catch((err: unknown) => log.warn({ err, userId: user.id }, 'socket opening work failed'))));
    let queue: Promise<unknown> = connectedListeners.length === 0 ? Promise.resolve() : Promise.race([opening, new Promise((resolve) => setTimeout(resolve, OPENING_WAIT_MS).unref())]);
    ws.on('pong', () => (conn.alive = true));
    ws.on('error', (err) => log.debug({ err: err.message, userId: user.id }, 'socket error'));
    ws.on('message', (data: RawData, isBinary: boolean) => {
      conn.alive = true;
      const verdict = conn.take();
      if (verdict === 'abusive') return conn.close(CLOSE_CODES.policy, 'Rate limit exceeded');
      if (verdict === 'limited') return void conn.send({ type: 'error', message: RATE_LIMIT_TEXT });
      queue = queue.then(() => dispatchMessage({ ctx, conn, data, isBinary, handlers, log }));
    });
    ws.on('close', () => {
      bus.untrackSocket(user.id, { id: conn.id, openedAt: conn.openedAt }).catch(() => undefined);
      if (!sockets.remove(conn)) return;
      unsubscribeUser(user.id);
      scheduleOfflineCheck(user.id);
    });
  };

  const onUpgrade = upgradeHandler({ wss, hooks, log, closing: () => closing, onConnection });
  app.server.on('upgrade', onUpgrade);

  const heartbeat = setInterval(() => {
    const open = sockets.all();
    for (const conn of open) {
      if (!conn.alive) {
        conn.ws.terminate();
        continue;
      }
      conn.alive = false;
      conn.ws.ping();
    }
    // Tell the shared register these are still open (entries of a dead instance age out).
    bus
      .refreshSockets(open.map((c) => ({ userId: c.user.id, id: c.id, openedAt: c.openedAt })))
      .catch((err: unknown) => log.debug({ err: String(err) }, 'could not refresh the socket register'));
  }, tuning.heartbeatMs);
  heartbeat.unref();

  // A session ended elsewhere (logout while the bus was down, expiry) closes its sockets here too:
  // checked regularly, and at once when the bus comes back from an outage (a logout published
  // meanwhile may never have arrived).
  let checking = false;
  const checkSessions = () => {
    if (checking || closing) return;
    checking = true;
    const open = sockets.all();
    hooks
      .liveSessions([...new Set(open.map((c) => c.session))])
      .then((live) => {
        for (const conn of open) if (!live.has(conn.session)) conn.close(CLOSE_CODES.sessionEnded, SOCKET_CLOSE_REASONS.sessionEnded);
      })
      .catch((err: unknown) => log.warn({ err }, 'socket session check failed'))
      .finally(() => (checking = false));
  };
  const sessionCheck = setInterval(checkSessions, tuning.sessionCheckMs);
  sessionCheck.unref();
  bus.onReconnect(checkSessions);

  const gateway: Gateway = {
    handle(type, handler) {
      (handlers as Record<string, unknown>)[type] = handler;
    },
    async sendToUser(userId, message) {
      await bus.publish(userChannel(userId), { kind: 'send', message } satisfies UserEvent);
    },
    sendLocal(userId, messages) {
      const open = sockets.of(userId);
      for (const message of messages) {
        // A message sent to several players (a move's battle_action) is serialised once.
        let text = encoded.get(message);
        if (text === undefined) encoded.set(message, (text = encode(message)));
        for (const conn of open) conn.sendText(text);
      }
    },
    async disconnectUser(userId, { reason = SOCKET_CLOSE_REASONS.loggedOut, exceptSession, onlySession } = {}) {
      const event: UserEvent = {
        kind: 'disconnect',
        code: CLOSE_CODES.loggedOut,
        reason,
        ...(exceptSession ? { exceptSession } : {}),
        ...(onlySession ? { onlySession } : {}),
      };
      // Here at once, elsewhere through the bus (again once it is back, if it is down now).
      deliverLocally(userId, event);
      try {
        await bus.publish(userChannel(userId), event, { retry: true });
      } catch (err) {
        log.warn({ err: String(err), userId }, 'could not announce a disconnect to other instances yet');
      }
    },
    onUserOffline(listener) {
      offlineListeners.push(listener);
    },
    onConnected(listener) {
      connectedListeners.push(listener);
    },
    localConnections(userId) {
      return sockets.count(userId);
    },
    async close() {
      if (closing) return;
      closing = true;
      clearInterval(heartbeat);
      clearInterval(sessionCheck);
      for (const timer of offlineTimers.values()) clearTimeout(timer);
      // The sockets close over SHUTDOWN_SPREAD_MS, so their players come back to the other
      // instances over seconds, not in one tick; meanwhile an upgrade here is refused with 503
      // (a proxy sends it to another instance).
      const open = sockets.all();
      await closeSpread(open, ctx.config.SHUTDOWN_SPREAD_MS, (conn) => conn.close(CLOSE_CODES.goingAway, 'Server shutting down'));
      app.server.off('upgrade', onUpgrade);
      await Promise.race([
        Promise.all(open.map((conn) => new Promise((resolve) => (conn.ws.readyState === conn.ws.CLOSED ? resolve(null) : conn.ws.once('close', resolve))))),
        new Promise((resolve) => setTimeout(resolve, CLOSE_GRACE_MS).unref()),
      ]);
      for (const conn of sockets.all()) conn.ws.terminate();
      await Promise.allSettled([unsubscribeChat(), ...[...userSubscriptions.keys()].map(async (id) => unsubscribeUser(id))]);
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
  app.decorate('gateway', gateway);
  app.addHook('preClose', async () => gateway.close());
  return gateway;
}
