import { Redis } from 'ioredis';

/**
 * The event bus (DESIGN §5): carries events to every server instance, so a user is reached
 * wherever their socket is connected. Postgres holds the truth; the bus only notifies.
 * Events are JSON values; both implementations deliver them as parsed copies, asynchronously.
 */
export type BusHandler = (event: unknown) => void;
/** Ends one subscription (the handler stops receiving events). */
export type Unsubscribe = () => Promise<void>;

export interface Bus {
  readonly kind: 'memory' | 'redis';
  publish(channel: string, event: unknown): Promise<void>;
  /** Resolves once events published afterwards (by any instance) reach the handler. */
  subscribe(channel: string, handler: BusHandler): Promise<Unsubscribe>;
  close(): Promise<void>;
}

export interface BusLogger {
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

export interface BusOptions {
  /** Prefix of the Redis channel names: instances of one game share it. */
  prefix?: string;
  log?: BusLogger;
}

const consoleLog: BusLogger = {
  warn: (obj, msg) => console.warn(msg ?? '', obj),
  error: (obj, msg) => console.error(msg ?? '', obj),
};

/** The Redis bus when a URL is given, else the in-process one. */
export function createBus(redisUrl?: string, options: BusOptions = {}): Bus {
  return redisUrl ? createRedisBus(redisUrl, options) : createMemoryBus(options);
}

function safeCall(handler: BusHandler, event: unknown, log: BusLogger): void {
  try {
    handler(event);
  } catch (err) {
    log.error({ err }, 'bus handler failed');
  }
}

/** One process: handlers of a channel get a copy of each event on a later tick. */
export function createMemoryBus({ log = consoleLog }: BusOptions = {}): Bus {
  const channels = new Map<string, Set<BusHandler>>();
  let closed = false;
  return {
    kind: 'memory',
    async publish(channel, event) {
      if (closed) throw new Error('bus closed');
      const text = JSON.stringify(event);
      const handlers = channels.get(channel);
      if (!handlers || handlers.size === 0) return;
      for (const handler of [...handlers]) {
        setImmediate(() => {
          if (!closed && handlers.has(handler)) safeCall(handler, JSON.parse(text), log);
        });
      }
    },
    async subscribe(channel, handler) {
      if (closed) throw new Error('bus closed');
      const wrapped: BusHandler = (event) => handler(event);
      let handlers = channels.get(channel);
      if (!handlers) channels.set(channel, (handlers = new Set()));
      handlers.add(wrapped);
      return async () => {
        handlers.delete(wrapped);
        if (handlers.size === 0 && channels.get(channel) === handlers) channels.delete(channel);
      };
    },
    async close() {
      closed = true;
      channels.clear();
    },
  };
}

interface RedisChannel {
  handlers: Set<BusHandler>;
  /** The SUBSCRIBE of this channel; later subscribers wait for it too. */
  ready: Promise<unknown>;
}

/**
 * Redis pub/sub: one connection publishes, a second one (in subscriber mode) listens. Handlers
 * are counted per channel, so Redis is told to (un)subscribe only for the first and last one.
 */
export function createRedisBus(url: string, { prefix = 'ga:', log = consoleLog }: BusOptions = {}): Bus {
  const options = { maxRetriesPerRequest: 3, connectionName: 'glitch-arena-bus' };
  const pub = new Redis(url, options);
  const sub = new Redis(url, options);
  for (const [name, conn] of [
    ['publisher', pub],
    ['subscriber', sub],
  ] as const) {
    // Without a listener a lost connection would crash the process; ioredis reconnects itself.
    conn.on('error', (err: Error) => log.warn({ err: err.message }, `redis bus ${name} error`));
  }
  const channels = new Map<string, RedisChannel>();
  let closed = false;

  sub.on('message', (fullChannel: string, text: string) => {
    const entry = channels.get(fullChannel);
    if (!entry) return;
    let event: unknown;
    try {
      event = JSON.parse(text);
    } catch {
      log.warn({ channel: fullChannel }, 'redis bus: dropped a message that is not JSON');
      return;
    }
    for (const handler of [...entry.handlers]) safeCall(handler, event, log);
  });

  return {
    kind: 'redis',
    async publish(channel, event) {
      if (closed) throw new Error('bus closed');
      await pub.publish(prefix + channel, JSON.stringify(event));
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
    async close() {
      if (closed) return;
      closed = true;
      channels.clear();
      // A connected client says goodbye; one still (re)connecting is simply dropped.
      await Promise.allSettled([sub, pub].map((conn) => (conn.status === 'ready' ? conn.quit() : conn.disconnect())));
    },
  };
}
