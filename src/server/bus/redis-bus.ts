import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { inOneWrite } from './one-write';
import { RedisJournal } from './redis-journal';
import { RespPipe } from './resp-pipe';
import { TRACK_SCRIPT } from './redis-scripts';
import {
  RETRY_QUEUE_LIMIT,
  SOCKET_ENTRY_TTL_MS,
  consoleLog,
  safeCall,
  type Bus,
  type BusHandler,
  type BusOptions,
  type SocketEntry,
} from './bus';

/** A publish that has not answered by then counts as failed (a hung connection must not hang a move). */
const PUBLISH_TIMEOUT_MS = 2000;
/** How often kept events are tried again while Redis is away. */
const RETRY_EVERY_MS = 1000;

interface RedisChannel {
  handlers: Set<BusHandler>;
  /** The SUBSCRIBE of this channel; later subscribers wait for it too. */
  ready: Promise<unknown>;
}

interface TrackingRedis extends Redis {
  trackSocket(key: string, now: number, member: string, ttl: number, keep: number): Promise<string[]>;
}

const member = (socket: SocketEntry) => `${String(socket.openedAt).padStart(15, '0')}|${socket.id}`;
const socketIdOf = (entry: string) => entry.slice(entry.indexOf('|') + 1);

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err instanceof Error ? err : new Error(String(err)));
      },
    );
  });
}

/**
 * Redis pub/sub: one connection publishes, a second one (in subscriber mode) listens. Handlers
 * are counted per channel, so Redis is told to (un)subscribe only for the first and last one.
 * An event reaches this instance's own handlers directly when published (so a local socket is
 * answered even while Redis is away) and other instances through Redis.
 *
 * Outages heal by themselves: the subscriber queues its SUBSCRIBEs while Redis is away and
 * ioredis subscribes every channel again when it comes back, so a socket opened during the outage
 * gets its events afterwards. Publishes fail fast while Redis is away; those marked `retry`
 * (logouts) are kept and sent once it is back.
 */
export function createRedisBus(url: string, { prefix = 'ga:', log = consoleLog }: BusOptions = {}): Bus {
  // Commands wait for the first connection, but give up after one failed reconnection in an outage.
  const pub = new Redis(url, { connectionName: 'glitch-arena-bus', maxRetriesPerRequest: 1 }) as TrackingRedis;
  const sub = new Redis(url, { connectionName: 'glitch-arena-bus-sub', maxRetriesPerRequest: null, autoResubscribe: true });
  pub.defineCommand('trackSocket', { numberOfKeys: 1, lua: TRACK_SCRIPT });
  // The journal's appends, one batch per turn of the event loop, on a connection of their own.
  const journalPipe = new RespPipe(url, { name: 'glitch-arena-journal', timeoutMs: PUBLISH_TIMEOUT_MS, retryAfterMs: RETRY_EVERY_MS });
  const journal = new RedisJournal(pub, journalPipe, prefix);
  const channels = new Map<string, RedisChannel>();
  /** Names this bus in what it publishes, so it skips its own events coming back from Redis. */
  const origin = randomUUID();
  const retryQueue: { channel: string; text: string }[] = [];
  let closed = false;
  let down = false;

  for (const [name, conn] of [
    ['publisher', pub],
    ['subscriber', sub],
  ] as const) {
    // Without a listener a lost connection would crash the process; ioredis reconnects itself.
    conn.on('error', (err: Error) => {
      if (!down) log.warn({ err: err.message }, `redis bus ${name} error`);
      if (name === 'publisher') down = true;
    });
  }
  const reconnectListeners: ((lostAt: Date) => void)[] = [];
  let subscriberLost = false;
  let lostAt = new Date(0);
  sub.on('close', () => {
    if (closed || subscriberLost) return;
    subscriberLost = true;
    lostAt = new Date();
  });
  sub.on('ready', () => {
    if (!subscriberLost) return;
    subscriberLost = false;
    for (const listener of reconnectListeners) listener(lostAt);
  });

  pub.on('ready', () => {
    if (down) log.warn({ queued: retryQueue.length }, 'redis bus reconnected');
    down = false;
    void flushRetries();
  });

  let flushing = false;
  let flushTimer: NodeJS.Timeout | null = null;
  /** Sends the kept events in order; while Redis is still away, tries again a second later. */
  const flushRetries = async () => {
    if (flushing || closed) return;
    flushing = true;
    try {
      while (retryQueue.length > 0 && !closed) {
        const next = retryQueue[0]!;
        await withTimeout(pub.publish(next.channel, next.text), PUBLISH_TIMEOUT_MS, 'redis publish');
        retryQueue.shift();
      }
    } catch {
      flushTimer ??= setTimeout(() => {
        flushTimer = null;
        void flushRetries();
      }, RETRY_EVERY_MS);
      flushTimer.unref();
    } finally {
      flushing = false;
    }
  };

  /** Hands an event to this instance's handlers of a channel, each a parsed copy, on a later tick. */
  const deliver = (fullChannel: string, eventText: string) => {
    const entry = channels.get(fullChannel);
    if (!entry || entry.handlers.size === 0) return;
    setImmediate(() => {
      for (const handler of [...entry.handlers]) safeCall(handler, JSON.parse(eventText), log);
    });
  };

  sub.on('message', (fullChannel: string, text: string) => {
    let envelope: { o?: unknown; e?: unknown };
    try {
      envelope = JSON.parse(text) as typeof envelope;
    } catch {
      log.warn({ channel: fullChannel }, 'redis bus: dropped a message that is not JSON');
      return;
    }
    // This instance's own events were delivered here when published.
    if (envelope.o === origin) return;
    deliver(fullChannel, JSON.stringify(envelope.e ?? null));
  });

  /**
   * Publishes made together (before the microtasks queued meanwhile run: a battle end's
   * notifications, a chat message to a guild's players) leave in one write, in the order made,
   * instead of one write per event.
   */
  let soon: { channel: string; text: string; resolve: () => void; reject: (err: Error) => void }[] | null = null;
  const publishSoon = (channel: string, text: string) =>
    new Promise<void>((resolve, reject) => {
      let batch = soon;
      if (!batch) {
        const fresh: NonNullable<typeof soon> = [];
        batch = soon = fresh;
        queueMicrotask(() => {
          soon = null;
          inOneWrite(pub, () => {
            for (const p of fresh) pub.publish(p.channel, p.text).then(() => p.resolve(), p.reject);
          });
        });
      }
      batch.push({ channel, text, resolve, reject });
    });

  const socketsKey = (userId: number) => `${prefix}sockets:${userId}`;

  return {
    kind: 'redis',
    async ping() {
      if (closed) throw new Error('bus closed');
      await withTimeout(pub.ping(), PUBLISH_TIMEOUT_MS, 'redis ping');
    },
    async publish(channel, event, options = {}) {
      if (closed) throw new Error('bus closed');
      const full = prefix + channel;
      const eventText = JSON.stringify(event);
      // Sockets on this instance get it at once, whether or not Redis answers; others through Redis.
      deliver(full, eventText);
      const text = `{"o":${JSON.stringify(origin)},"e":${eventText}}`;
      try {
        await withTimeout(publishSoon(full, text), PUBLISH_TIMEOUT_MS, 'redis publish');
      } catch (err) {
        if (options.retry) {
          if (retryQueue.length >= RETRY_QUEUE_LIMIT) retryQueue.shift();
          retryQueue.push({ channel: full, text });
          void flushRetries();
        }
        throw err;
      }
    },
    async subscribe(channel, handler) {
      if (closed) throw new Error('bus closed');
      const full = prefix + channel;
      const wrapped: BusHandler = (event) => handler(event);
      let entry = channels.get(full);
      if (!entry) {
        entry = { handlers: new Set(), ready: sub.subscribe(full) };
        channels.set(full, entry);
      }
      entry.handlers.add(wrapped);
      const current = entry;
      try {
        await current.ready;
      } catch (err) {
        current.handlers.delete(wrapped);
        if (current.handlers.size === 0 && channels.get(full) === current) channels.delete(full);
        throw err;
      }
      return async () => {
        current.handlers.delete(wrapped);
        if (current.handlers.size > 0 || channels.get(full) !== current) return;
        channels.delete(full);
        if (!closed) await sub.unsubscribe(full);
      };
    },
    async trackSocket(userId, socket, keep) {
      const evicted = await withTimeout(
        pub.trackSocket(socketsKey(userId), Date.now(), member(socket), SOCKET_ENTRY_TTL_MS, keep),
        PUBLISH_TIMEOUT_MS,
        'redis socket register',
      );
      return evicted.map(socketIdOf);
    },
    async untrackSocket(userId, socket) {
      await withTimeout(pub.zrem(socketsKey(userId), member(socket)), PUBLISH_TIMEOUT_MS, 'redis socket register');
    },
    async refreshSockets(sockets) {
      if (sockets.length === 0) return;
      const now = Date.now();
      const pipeline = pub.pipeline();
      for (const s of sockets) pipeline.zadd(socketsKey(s.userId), 'XX', now, member(s));
      await withTimeout(pipeline.exec(), PUBLISH_TIMEOUT_MS * 5, 'redis socket refresh');
    },
    async socketCount(userId) {
      return withTimeout(pub.zcount(socketsKey(userId), Date.now() - SOCKET_ENTRY_TTL_MS, '+inf'), PUBLISH_TIMEOUT_MS, 'redis socket register');
    },
    async socketCounts(userIds) {
      if (userIds.length === 0) return [];
      const since = Date.now() - SOCKET_ENTRY_TTL_MS;
      const pipeline = pub.pipeline();
      for (const userId of userIds) pipeline.zcount(socketsKey(userId), since, '+inf');
      const answers = (await withTimeout(pipeline.exec(), PUBLISH_TIMEOUT_MS, 'redis socket register')) ?? [];
      return userIds.map((_, i) => {
        const [err, count] = answers[i] ?? [null, 0];
        if (err) throw err;
        return Number(count);
      });
    },
    onReconnect(listener) {
      reconnectListeners.push(listener);
    },
    async appendJournals(owner, entries) {
      if (entries.length === 0) return [];
      return withTimeout(journal.append(owner, entries), PUBLISH_TIMEOUT_MS, 'redis journal');
    },
    async claimJournal(owner, key) {
      return withTimeout(journal.claim(owner, key), PUBLISH_TIMEOUT_MS, 'redis journal');
    },
    async dropJournals(keys) {
      await withTimeout(journal.drop(keys), PUBLISH_TIMEOUT_MS, 'redis journal');
    },
    async close() {
      if (closed) return;
      closed = true;
      if (flushTimer) clearTimeout(flushTimer);
      channels.clear();
      journalPipe.close();
      // A connected client says goodbye; one still (re)connecting is simply dropped.
      await Promise.allSettled([sub, pub].map((conn) => (conn.status === 'ready' ? conn.quit() : conn.disconnect())));
    },
  };
}
