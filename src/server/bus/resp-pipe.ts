import net from 'node:net';
import tls from 'node:tls';

/** A Redis reply (RESP2): a status or bulk string, an integer, nil, an error reply, or an array of them. */
export type Reply = string | number | null | Error | Reply[];

export interface PipeOptions {
  /** CLIENT SETNAME, as ioredis's `connectionName`. */
  name?: string;
  /** A batch without all of its replies by then fails, and the connection with it (a hung Redis must not hang a move). */
  timeoutMs: number;
  /** After a failed connection, batches fail at once for this long before the next attempt. */
  retryAfterMs: number;
}

interface Waiting {
  replies: Reply[];
  count: number;
  sentAt: number;
  resolve: (replies: Reply[]) => void;
  reject: (err: Error) => void;
}

const CRLF = 0x0d;

/**
 * Reads one RESP2 reply from `buf` at `at`; answers it and where the next one starts, or null
 * while the reply is not all there yet.
 */
export function readReply(buf: Buffer, at: number): { reply: Reply; next: number } | null {
  if (at >= buf.length) return null;
  const end = buf.indexOf(CRLF, at);
  if (end < 0 || end + 1 >= buf.length) return null;
  const type = buf[at];
  const line = buf.toString('latin1', at + 1, end);
  const next = end + 2;
  switch (type) {
    case 0x2b: // +
      return { reply: line, next };
    case 0x2d: // -
      return { reply: new Error(line), next };
    case 0x3a: // :
      return { reply: Number(line), next };
    case 0x24: {
      // $
      const length = Number(line);
      if (length < 0) return { reply: null, next };
      if (next + length + 2 > buf.length) return null;
      return { reply: buf.toString('utf8', next, next + length), next: next + length + 2 };
    }
    case 0x2a: {
      // *
      const length = Number(line);
      if (length < 0) return { reply: null, next };
      const items: Reply[] = [];
      let cursor = next;
      for (let i = 0; i < length; i++) {
        const item = readReply(buf, cursor);
        if (!item) return null;
        items.push(item.reply);
        cursor = item.next;
      }
      return { reply: items, next: cursor };
    }
    default:
      throw new Error(`Redis sent a reply of unknown type ${String(type)}`);
  }
}

/** The commands as RESP2, in one string (one write). */
export function encodeCommands(commands: readonly (readonly string[])[]): string {
  let text = '';
  for (const args of commands) {
    text += `*${args.length}\r\n`;
    for (const arg of args) text += `$${Buffer.byteLength(arg)}\r\n${arg}\r\n`;
  }
  return text;
}

/**
 * One connection to Redis for batches of simple commands whose replies come back in order: a
 * batch is one write and one promise, whatever its length. The journal's appends use it, one
 * batch per turn of the event loop: through ioredis each command was an object, a promise and
 * its bookkeeping, about 15 us of a move's CPU (bench/findings.ts). It connects when first used
 * and again after a failure (not before `retryAfterMs`, so an outage costs no connection storm);
 * a failure fails every batch waiting on it, and the caller falls back as for any Redis error.
 */
export class RespPipe {
  private socket: net.Socket | null = null;
  private readonly waiting: Waiting[] = [];
  private pending: Buffer | null = null;
  private failedAt = Number.NEGATIVE_INFINITY;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly options: PipeOptions,
  ) {}

  /** Sends the commands in one write; answers their replies in order (an error reply as an Error in its place). */
  send(commands: readonly (readonly string[])[]): Promise<Reply[]> {
    if (commands.length === 0) return Promise.resolve([]);
    const socket = this.connection();
    if (!socket) return Promise.reject(new Error(this.closed ? 'Redis connection closed' : 'Redis is unreachable'));
    return new Promise<Reply[]>((resolve, reject) => {
      this.waiting.push({ replies: [], count: commands.length, sentAt: Date.now(), resolve, reject });
      socket.write(encodeCommands(commands));
      this.armTimer();
    });
  }

  /** Lets the connection go; batches still waiting fail. */
  close(): void {
    this.closed = true;
    this.fail(new Error('Redis connection closed'));
  }

  private connection(): net.Socket | null {
    if (this.socket) return this.socket;
    if (this.closed || Date.now() - this.failedAt < this.options.retryAfterMs) return null;
    const url = new URL(this.url);
    const port = Number(url.port || 6379);
    const host = url.hostname.replace(/^\[|\]$/g, '') || '127.0.0.1';
    const socket = url.protocol === 'rediss:' ? tls.connect({ host, port, servername: net.isIP(host) ? undefined : host }) : net.connect({ host, port });
    socket.setNoDelay(true);
    let connected = false;
    socket.once(url.protocol === 'rediss:' ? 'secureConnect' : 'connect', () => (connected = true));
    // A socket's late events (its close after an error) concern it alone, not the one after it.
    const lost = (err: Error) => {
      if (this.socket !== socket) return;
      // A connection that never came up is not tried again before `retryAfterMs`.
      if (!connected) this.failedAt = Date.now();
      this.fail(err);
    };
    socket.on('data', (chunk: Buffer) => {
      if (this.socket === socket) this.read(socket, chunk);
    });
    socket.on('error', lost);
    socket.on('close', () => lost(new Error('Redis connection closed')));
    this.socket = socket;
    // What ioredis sends first for the same URL; written at once, Node holds it until connected.
    const hello: string[][] = [];
    const user = decodeURIComponent(url.username);
    const password = decodeURIComponent(url.password);
    if (password) hello.push(user ? ['AUTH', user, password] : ['AUTH', password]);
    const db = Number(url.pathname.slice(1) || 0);
    if (db) hello.push(['SELECT', String(db)]);
    if (this.options.name) hello.push(['CLIENT', 'SETNAME', this.options.name]);
    if (hello.length > 0) {
      this.waiting.push({
        replies: [],
        count: hello.length,
        sentAt: Date.now(),
        resolve: (replies) => {
          const refused = replies.find((r): r is Error => r instanceof Error);
          if (refused) {
            connected = false;
            lost(refused);
          }
        },
        reject: () => undefined,
      });
      socket.write(encodeCommands(hello));
    }
    return socket;
  }

  private read(socket: net.Socket, chunk: Buffer): void {
    let buf = this.pending ? Buffer.concat([this.pending, chunk]) : chunk;
    let at = 0;
    try {
      for (;;) {
        const item = readReply(buf, at);
        if (!item) break;
        at = item.next;
        const head = this.waiting[0];
        if (!head) throw new Error('Redis sent a reply nobody asked for');
        head.replies.push(item.reply);
        if (head.replies.length === head.count) {
          this.waiting.shift();
          head.resolve(head.replies);
          // The handshake was refused: this connection is gone.
          if (this.socket !== socket) return;
        }
      }
    } catch (err) {
      this.fail(err instanceof Error ? err : new Error(String(err)));
      return;
    }
    buf = at < buf.length ? buf.subarray(at) : Buffer.alloc(0);
    this.pending = buf.length > 0 ? Buffer.from(buf) : null;
  }

  /** One timer while batches wait: the oldest one past `timeoutMs` fails the connection. */
  private armTimer(): void {
    if (this.timer) return;
    const oldest = this.waiting[0];
    if (!oldest) return;
    const wait = Math.max(0, oldest.sentAt + this.options.timeoutMs - Date.now());
    this.timer = setTimeout(() => {
      this.timer = null;
      const head = this.waiting[0];
      if (head && Date.now() - head.sentAt >= this.options.timeoutMs) this.fail(new Error(`Redis did not answer within ${this.options.timeoutMs} ms`));
      else this.armTimer();
    }, wait);
    this.timer.unref();
  }

  private fail(err: Error): void {
    const socket = this.socket;
    if (socket) {
      this.socket = null;
      socket.destroy();
    }
    this.pending = null;
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    for (const w of this.waiting.splice(0)) w.reject(err);
  }
}
