import { WebSocket, type ClientOptions } from 'ws';
import type { ServerMessage } from '../../src/common/ws-messages';

type Of<T extends ServerMessage['type']> = Extract<ServerMessage, { type: T }>;

export interface NextOptions<T extends ServerMessage['type']> {
  /** Only messages received at or after this index count. */
  from?: number;
  match?: (m: Of<T>) => boolean;
  timeoutMs?: number;
}

/** A `ws` client of /ws that records what it receives, for socket tests. */
export class TestSocket {
  readonly received: ServerMessage[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => this.received.push(JSON.parse(data.toString()) as ServerMessage));
    this.closed = new Promise((resolve) => ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  }

  /** Opens a socket with the player's cookie and, by default, the server's own Origin. */
  static async open(base: string, cookie: string | undefined, options: ClientOptions & { origin?: string } = {}) {
    const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/ws`, {
      origin: base,
      ...options,
      headers: { ...(cookie ? { cookie } : {}), ...options.headers },
    });
    const socket = new TestSocket(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return socket;
  }

  /** The HTTP status a refused upgrade answers with. */
  static refusal(base: string, cookie: string | undefined, options: ClientOptions & { origin?: string } = {}) {
    const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/ws`, {
      origin: base,
      ...options,
      headers: { ...(cookie ? { cookie } : {}), ...options.headers },
    });
    return new Promise<{ status: number; body: string }>((resolve, reject) => {
      ws.once('open', () => reject(new Error('the upgrade was accepted')));
      ws.once('error', () => undefined);
      ws.once('unexpected-response', (_req, res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
    });
  }

  send(message: unknown): void {
    this.ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** Waits for the first received message of a type that matches (a function, or options). */
  async next<T extends ServerMessage['type']>(type: T, options: NextOptions<T> | NextOptions<T>['match'] = {}): Promise<Of<T>> {
    const { from = 0, match = () => true, timeoutMs = 30_000 } = typeof options === 'function' ? { match: options } : options;
    const until = Date.now() + timeoutMs;
    for (;;) {
      const found = this.received.slice(from).find((m): m is Of<T> => m.type === type && match(m as never));
      if (found) return found;
      if (Date.now() > until) throw new Error(`no ${type} message within ${timeoutMs} ms; got ${JSON.stringify(this.received)}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  /** Sends and waits for the next message of a type that arrives after the send. */
  async ask<T extends ServerMessage['type']>(message: unknown, type: T) {
    const seen = new Set(this.received);
    this.send(message);
    return this.next(type, (m) => !seen.has(m));
  }

  close(): void {
    this.ws.close();
  }
}

export async function waitUntil(check: () => boolean | Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
