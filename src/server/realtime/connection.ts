import { randomUUID } from 'node:crypto';
import { WebSocket } from 'ws';
import { SOCKET_CLOSE, serverMessage, type ServerMessage } from '@common/ws-messages';
import { contractProblem } from '@common/api/contract';
import type { SessionUser } from '../context';

/** Limits of the gateway (DESIGN §5); tests shorten them. */
export interface GatewayTuning {
  /** Ping period; a socket that did not answer the previous ping is terminated. */
  heartbeatMs: number;
  /** A reader this far behind is dropped instead of buffering more for it. */
  maxBufferedBytes: number;
  /** Token bucket per player, shared by their sockets: `messages` per `windowMs`, refilled continuously. */
  rateLimit: { messages: number; windowMs: number };
  /** Messages refused for the rate limit before the socket is closed with 1008. */
  abuseStrikes: number;
  /** Open sockets a player may hold across instances; opening one more closes the oldest. */
  maxSocketsPerPlayer: number;
  /** Every socket's session is checked against the database at least this often. */
  sessionCheckMs: number;
  /** After a player's last socket closes, how long before they count as gone (and leave the queue). */
  offlineGraceMs: number;
}

export const DEFAULT_TUNING: GatewayTuning = {
  heartbeatMs: 30_000,
  maxBufferedBytes: 1024 * 1024,
  rateLimit: { messages: 20, windowMs: 10_000 },
  abuseStrikes: 10,
  maxSocketsPerPlayer: 8,
  sessionCheckMs: 60_000,
  offlineGraceMs: 10_000,
};

export const CLOSE_CODES = {
  normal: 1000,
  goingAway: 1001,
  policy: 1008,
  tooBig: 1009,
  ...SOCKET_CLOSE,
} as const;

export const RATE_LIMIT_TEXT = 'You are sending messages too fast. Slow down.';

/**
 * A token bucket: `messages` per `windowMs`, refilled continuously. One per player, shared by
 * all of the player's sockets on this instance.
 */
export class MessageBudget {
  private tokens: number;
  private refilledAt = Date.now();

  constructor(private readonly limit: GatewayTuning['rateLimit']) {
    this.tokens = limit.messages;
  }

  take(now = Date.now()): boolean {
    const { messages, windowMs } = this.limit;
    this.tokens = Math.min(messages, this.tokens + ((now - this.refilledAt) * messages) / windowMs);
    this.refilledAt = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

/** Turns a server message into the text a socket sends. */
export type MessageEncoder = (message: ServerMessage) => string;

/**
 * The socket messages' serialiser. With `check` (CHECK_ANSWERS: tests and `npm run dev`) every
 * message is first checked against `serverMessage` (src/common/ws-messages.ts) and one outside
 * it throws, naming its type and the field, instead of leaving; without it, it is JSON.stringify
 * and nothing more.
 */
export function messageEncoder(check: boolean): MessageEncoder {
  if (!check) return (message) => JSON.stringify(message);
  return (message) => {
    const result = serverMessage.safeParse(message);
    if (!result.success) {
      const type = (message as { type?: unknown } | null)?.type;
      throw new Error(`socket message ${String(type)} left outside its contract: ${contractProblem(result.error)}`);
    }
    return JSON.stringify(message);
  };
}

let lastOpenedAt = 0;

/**
 * When a socket opened, in milliseconds, strictly increasing in this process: two sockets opened
 * in one millisecond would otherwise tie, and the cap's 'oldest' would fall to their random ids.
 */
function openedNow(): number {
  lastOpenedAt = Math.max(Date.now(), lastOpenedAt + 1);
  return lastOpenedAt;
}

/** One open socket of a signed-in user. */
export class Connection {
  /** Unique across instances: names the socket in bus events (acknowledgements, closing). */
  readonly id = randomUUID();
  readonly openedAt = openedNow();
  alive = true;
  private strikes = 0;
  private corked = false;

  constructor(
    readonly ws: WebSocket,
    readonly user: SessionUser,
    /** The hash of the session the socket was opened with, to close it when that session ends. */
    readonly session: string,
    private readonly budget: MessageBudget,
    private readonly tuning: GatewayTuning,
    /** Serialises (and where answers are checked, checks) what leaves. */
    private readonly encode: MessageEncoder,
  ) {}

  /** Sends unless the socket is closing; a reader past the buffer limit is terminated. */
  send(message: ServerMessage): boolean {
    return this.sendText(this.encode(message));
  }

  /** `send` for a message already serialised, so a broadcast serialises once for every socket. */
  sendText(text: string): boolean {
    if (this.ws.readyState !== WebSocket.OPEN) return false;
    if (this.ws.bufferedAmount > this.tuning.maxBufferedBytes) {
      this.ws.terminate();
      return false;
    }
    this.corkUntilNextTick();
    this.ws.send(text);
    return true;
  }

  /**
   * Frames sent to one socket in the same tick (a move's `battle_action` and `turn_changed`) leave
   * in one write: the socket is corked at the first and uncorked once the tick's work is done.
   * Writing to sockets was a quarter of the server's time under duel load, a system call a frame.
   */
  private corkUntilNextTick(): void {
    if (this.corked) return;
    const socket = (this.ws as unknown as { _socket?: { cork(): void; uncork(): void } })._socket;
    if (!socket) return;
    this.corked = true;
    socket.cork();
    process.nextTick(() => {
      this.corked = false;
      socket.uncork();
    });
  }

  /**
   * Takes a token of the player's budget for an incoming message: 'ok', 'limited' (answer an
   * error), or 'abusive' once too many messages in a row were refused (close the socket).
   */
  take(now = Date.now()): 'ok' | 'limited' | 'abusive' {
    if (this.budget.take(now)) {
      this.strikes = 0;
      return 'ok';
    }
    this.strikes += 1;
    return this.strikes > this.tuning.abuseStrikes ? 'abusive' : 'limited';
  }

  get open(): boolean {
    return this.ws.readyState === WebSocket.OPEN || this.ws.readyState === WebSocket.CONNECTING;
  }

  close(code: number, reason: string): void {
    if (this.open) this.ws.close(code, reason);
  }
}
