import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { tooMany } from '../errors';

import { TOO_MANY_SOCKETS as TOO_MANY_CONNECTIONS } from '../realtime/upgrade';

export { TOO_MANY_CONNECTIONS };

/** `fn` the first time only. */
function once(fn: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    fn();
  };
}

/** Counts per client address, refusing past a cap (0 = no cap). */
class PerAddress {
  private readonly counts = new Map<string, number>();

  constructor(private readonly cap: number) {}

  take(address: string): boolean {
    const count = this.counts.get(address) ?? 0;
    if (this.cap > 0 && count >= this.cap) return false;
    this.counts.set(address, count + 1);
    return true;
  }

  give(address: string): void {
    const left = (this.counts.get(address) ?? 1) - 1;
    if (left > 0) this.counts.set(address, left);
    else this.counts.delete(address);
  }

  count(address: string): number {
    return this.counts.get(address) ?? 0;
  }
}

/** A /ws upgrade admitted by the caps: say how it ended, once. */
export interface UpgradePass {
  /** The socket became a signed-in WebSocket (true) or was refused (false). */
  done(upgraded: boolean): void;
}

/**
 * Per-address caps on connections (docs/decisions.md 'Connections'), with the client address
 * of the login throttling: the socket's, or X-Forwarded-For's with TRUST_PROXY=1.
 *
 * - Directly reachable (no TRUST_PROXY): a TCP connection is refused (closed at once) when its
 *   address holds MAX_CONNECTIONS_PER_ADDRESS open connections, or MAX_UNAUTHENTICATED_PER_ADDRESS
 *   connections that are not signed in yet. A connection counts as unauthenticated from its
 *   accept until a request on it resolves a live session or it is upgraded to a /ws socket (which
 *   needs one); a silent connection counts until the HTTP timeouts close it.
 * - Behind a proxy (TRUST_PROXY=1), every connection is the proxy's, so connections are not
 *   counted; the unauthenticated cap counts, per forwarded address, HTTP requests in flight that
 *   have not resolved a live session and /ws upgrades whose session is being checked, answering
 *   429 past it. Silent client connections are the proxy's to limit.
 */
export class ConnectionLimits {
  private readonly connections: PerAddress;
  private readonly unauthenticated: PerAddress;
  /** Direct mode: the address of each counted connection, and whether it is signed in. */
  private readonly sockets = new WeakMap<Socket, { address: string; signedIn: boolean }>();
  /** Behind a proxy: how each counted request gives its place back. */
  private readonly requests = new WeakMap<FastifyRequest, () => void>();

  constructor(private readonly config: Pick<Config, 'TRUST_PROXY' | 'MAX_CONNECTIONS_PER_ADDRESS' | 'MAX_UNAUTHENTICATED_PER_ADDRESS'>) {
    this.connections = new PerAddress(config.MAX_CONNECTIONS_PER_ADDRESS);
    this.unauthenticated = new PerAddress(config.MAX_UNAUTHENTICATED_PER_ADDRESS);
  }

  private get direct(): boolean {
    return !this.config.TRUST_PROXY;
  }

  /** Direct mode: a new TCP connection; closed at once when its address is over a cap. */
  accept(socket: Socket): void {
    if (!this.direct) return;
    const address = socket.remoteAddress ?? '';
    if (!this.connections.take(address)) return void socket.destroy();
    if (!this.unauthenticated.take(address)) {
      this.connections.give(address);
      return void socket.destroy();
    }
    const entry = { address, signedIn: false };
    this.sockets.set(socket, entry);
    socket.once('close', () => {
      this.sockets.delete(socket);
      this.connections.give(address);
      if (!entry.signedIn) this.unauthenticated.give(address);
    });
  }

  /** Direct mode: a request on this connection resolved a live session, or it became a socket. */
  private markSignedIn(socket: Socket): void {
    const entry = this.sockets.get(socket);
    if (!entry || entry.signedIn) return;
    entry.signedIn = true;
    this.unauthenticated.give(entry.address);
  }

  /**
   * Behind a proxy: a request not known to be signed in counts while it runs; false when its
   * address is at the cap (the caller still lets a signed-in player through).
   */
  admitRequest(request: FastifyRequest, reply: FastifyReply): boolean {
    if (this.direct) return true;
    const address = request.ip;
    if (!this.unauthenticated.take(address)) return false;
    const release = once(() => this.unauthenticated.give(address));
    this.requests.set(request, release);
    // Finished, failed or abandoned: the answer's 'close' comes in every case.
    reply.raw.once('close', release);
    return true;
  }

  /** A request resolved a live session: its connection (or, behind a proxy, the request) no longer counts. */
  signedIn(request: FastifyRequest): void {
    if (this.direct) this.markSignedIn(request.raw.socket);
    else this.requests.get(request)?.();
  }

  /** A /ws upgrade from `address` (the client's, forwarded or not): null when over the cap. */
  admitUpgrade(raw: IncomingMessage, address: string): UpgradePass | null {
    if (this.direct) {
      return {
        done: (upgraded) => {
          if (upgraded) this.markSignedIn(raw.socket);
        },
      };
    }
    if (!this.unauthenticated.take(address)) return null;
    const release = once(() => this.unauthenticated.give(address));
    return { done: release };
  }

  /** What is counted against an address now: open connections, and those not signed in (tests). */
  countOf(address: string): { open: number; unauthenticated: number } {
    return { open: this.connections.count(address), unauthenticated: this.unauthenticated.count(address) };
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The per-address connection caps (the gateway's upgrades, tests). */
    connectionLimits: ConnectionLimits;
  }
}

/**
 * Puts the caps on the app: connections as they are accepted, requests as they arrive (before
 * any route work), and a request whose route resolved a live session stops counting. A request
 * over the cap is 429 unless it carries a live session (`hasSession`, asked only then): a
 * signed-in player is never refused for the unauthenticated traffic of their address.
 */
export function registerConnectionLimits(
  app: FastifyInstance,
  config: Config,
  hasSession: (request: FastifyRequest) => Promise<boolean>,
): ConnectionLimits {
  const limits = new ConnectionLimits(config);
  app.decorate('connectionLimits', limits);
  app.server.on('connection', (socket: Socket) => limits.accept(socket));
  app.addHook('onRequest', async (request, reply) => {
    if (!limits.admitRequest(request, reply) && !(await hasSession(request))) throw tooMany(TOO_MANY_CONNECTIONS, 1);
  });
  app.addHook('preHandler', async (request) => {
    if (request.sessionUser) limits.signedIn(request);
  });
  return limits;
}

/**
 * The HTTP server's timeouts from the configuration (Fastify's defaults leave a connection
 * and a request without a time limit). Node checks the headers and request timeouts on a timer, every 30 s unless told, so
 * a connection could outlive them by that much: here every second, or as often as the headers
 * timeout when that is shorter.
 */
export function httpTimeouts(config: Config) {
  return {
    connectionTimeout: config.HTTP_CONNECTION_TIMEOUT_MS,
    keepAliveTimeout: config.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    requestTimeout: config.HTTP_REQUEST_TIMEOUT_MS,
    http: {
      headersTimeout: config.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeout: config.HTTP_REQUEST_TIMEOUT_MS,
      connectionsCheckingInterval: Math.min(1000, config.HTTP_HEADERS_TIMEOUT_MS),
    },
  };
}
