/**
 * The event bus (DESIGN §5): carries events to every server instance, so a user is reached
 * wherever their socket is connected, and keeps the shared register of open sockets (how many a
 * player holds across instances). PostgreSQL holds the truth; the bus only notifies.
 * Events are JSON values; both implementations deliver them as parsed copies, asynchronously.
 */
export type BusHandler = (event: unknown) => void;
/** Ends one subscription (the handler stops receiving events). */
export type Unsubscribe = () => Promise<void>;

export interface PublishOptions {
  /**
   * Kept and sent again once the bus is reachable, when it is not now (a logout must reach
   * every instance even if Redis was down at that moment). At most RETRY_QUEUE_LIMIT are kept.
   */
  retry?: boolean;
}

/** An entry for a journal (`Bus.appendJournals`). */
export interface JournalEntry {
  key: string;
  entry: unknown;
}

/** An open socket in the shared register. */
export interface SocketEntry {
  id: string;
  openedAt: number;
}

export interface Bus {
  readonly kind: 'memory' | 'redis';
  publish(channel: string, event: unknown, options?: PublishOptions): Promise<void>;
  /** Resolves once events published afterwards (by any instance) reach the handler. */
  subscribe(channel: string, handler: BusHandler): Promise<Unsubscribe>;
  /**
   * Registers an open socket of a user; answers the ids of that user's sockets (on any
   * instance) beyond the `keep` newest, which are taken out of the register for their owners
   * to close.
   */
  trackSocket(userId: number, socket: SocketEntry, keep: number): Promise<string[]>;
  untrackSocket(userId: number, socket: SocketEntry): Promise<void>;
  /** Marks these sockets as still open (entries not refreshed for a while are not counted). */
  refreshSockets(sockets: readonly (SocketEntry & { userId: number })[]): Promise<void>;
  /** Open sockets of a user on every instance. */
  socketCount(userId: number): Promise<number>;
  /** Open sockets of each of these users on every instance, in one round trip (a friends list's presence). */
  socketCounts(userIds: readonly number[]): Promise<number[]>;
  /**
   * Called when the bus is back after an outage, with the moment it was lost: events published
   * meanwhile may never have arrived, so what they would have changed is read again from the
   * database.
   */
  onReconnect(listener: (lostAt: Date) => void): void;
  /**
   * Journals beside the bus (a PvP battle's actions): appended before an action is acknowledged,
   * read back by the instance that takes the battle over. Each journal has an owner: an entry is
   * appended only when `owner` owns its journal (or nobody does yet, and `owner` then does), so an
   * instance that lost a battle cannot acknowledge a move the new owner will never see. Answers,
   * per entry, whether it was appended. All entries of a call travel in one round trip.
   */
  appendJournals(owner: string, entries: readonly JournalEntry[]): Promise<boolean[]>;
  /** Makes `owner` the journal's owner (appends of anyone else are refused from now) and answers its entries. */
  claimJournal(owner: string, key: string): Promise<unknown[]>;
  /** Forgets these journals (battles that ended), in one call. */
  dropJournals(keys: readonly string[]): Promise<void>;
  /** Answers once the bus can carry events (Redis answers a PING); throws otherwise. For /readyz. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface BusLogger {
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

export interface BusOptions {
  /** Prefix of the Redis keys and channels: instances of one deployment share it (REDIS_PREFIX). */
  prefix?: string;
  log?: BusLogger;
}

export const RETRY_QUEUE_LIMIT = 10_000;
/** A register entry not refreshed for this long belongs to a dead instance and is not counted. */
export const SOCKET_ENTRY_TTL_MS = 90_000;

export const consoleLog: BusLogger = {
  warn: (obj, msg) => console.warn(msg ?? '', obj),
  error: (obj, msg) => console.error(msg ?? '', obj),
};

export function safeCall(handler: BusHandler, event: unknown, log: BusLogger): void {
  try {
    handler(event);
  } catch (err) {
    log.error({ err }, 'bus handler failed');
  }
}

/** The ids of the entries beyond the `keep` newest (oldest first). */
export function beyondNewest(entries: readonly SocketEntry[], keep: number): string[] {
  const byAge = [...entries].sort((a, b) => a.openedAt - b.openedAt || a.id.localeCompare(b.id));
  return byAge.slice(0, Math.max(0, byAge.length - keep)).map((e) => e.id);
}

/** One process: handlers of a channel get a copy of each event on a later tick. */
export function createMemoryBus({ log = consoleLog }: BusOptions = {}): Bus {
  const channels = new Map<string, Set<BusHandler>>();
  const sockets = new Map<number, Map<string, SocketEntry>>();
  const journals = new Map<string, string[]>();
  const journalOwners = new Map<string, string>();
  let closed = false;
  return {
    kind: 'memory',
    async ping() {
      if (closed) throw new Error('bus closed');
    },
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
    async trackSocket(userId, socket, keep) {
      let mine = sockets.get(userId);
      if (!mine) sockets.set(userId, (mine = new Map()));
      mine.set(socket.id, socket);
      const evicted = beyondNewest([...mine.values()], keep);
      for (const id of evicted) mine.delete(id);
      return evicted;
    },
    async untrackSocket(userId, socket) {
      const mine = sockets.get(userId);
      mine?.delete(socket.id);
      if (mine?.size === 0) sockets.delete(userId);
    },
    async refreshSockets() {
      // One process: the register is always current.
    },
    async socketCount(userId) {
      return sockets.get(userId)?.size ?? 0;
    },
    async socketCounts(userIds) {
      return userIds.map((userId) => sockets.get(userId)?.size ?? 0);
    },
    onReconnect() {
      // In process: never away.
    },
    async appendJournals(owner, entries) {
      return entries.map(({ key, entry }) => {
        const holder = journalOwners.get(key);
        if (holder !== undefined && holder !== owner) return false;
        journalOwners.set(key, owner);
        const list = journals.get(key) ?? [];
        list.push(JSON.stringify(entry));
        journals.set(key, list);
        return true;
      });
    },
    async claimJournal(owner, key) {
      journalOwners.set(key, owner);
      return (journals.get(key) ?? []).map((text) => JSON.parse(text) as unknown);
    },
    async dropJournals(keys) {
      for (const key of keys) {
        journals.delete(key);
        journalOwners.delete(key);
      }
    },
    async close() {
      closed = true;
      channels.clear();
      sockets.clear();
      journals.clear();
    },
  };
}
