import { randomUUID } from 'node:crypto';
import { WebSocket } from 'ws';
import type { PublicUser } from '@common/auth';
import type { ServerMessage } from '@common/ws-messages';

/** Limits of one socket (DESIGN §5); tests shorten them. */
export interface GatewayTuning {
  /** Ping period; a socket that did not answer the previous ping is terminated. */
  heartbeatMs: number;
  /** A reader this far behind is dropped instead of buffering more for it. */
  maxBufferedBytes: number;
  /** Token bucket per connection: `messages` per `windowMs`, refilled continuously. */
  rateLimit: { messages: number; windowMs: number };
  /** Messages refused for the rate limit before the socket is closed with 1008. */
  abuseStrikes: number;
}

export const DEFAULT_TUNING: GatewayTuning = {
  heartbeatMs: 30_000,
  maxBufferedBytes: 1024 * 1024,
  rateLimit: { messages: 20, windowMs: 10_000 },
  abuseStrikes: 10,
};

export const CLOSE_CODES = {
  normal: 1000,
  goingAway: 1001,
  policy: 1008,
  tooBig: 1009,
  loggedOut: 4001,
} as const;

export const RATE_LIMIT_TEXT = 'You are sending messages too fast. Slow down.';

/** One open socket of a signed-in user. */
export class Connection {
  /** Unique across instances: names the socket in bus events (chat acknowledgements). */
  readonly id = randomUUID();
  alive = true;
  private tokens: number;
  private refilledAt = Date.now();
  private strikes = 0;

  constructor(
    readonly ws: WebSocket,
    readonly user: PublicUser,
    private readonly tuning: GatewayTuning,
  ) {
    this.tokens = tuning.rateLimit.messages;
  }

  /** Sends unless the socket is closing; a reader past the buffer limit is terminated. */
  send(message: ServerMessage): boolean {
    return this.sendText(JSON.stringify(message));
  }

  /** `send` for a message already serialised, so a broadcast serialises once for every socket. */
  sendText(text: string): boolean {
    if (this.ws.readyState !== WebSocket.OPEN) return false;
    if (this.ws.bufferedAmount > this.tuning.maxBufferedBytes) {
      this.ws.terminate();
      return false;
    }
    this.ws.send(text);
    return true;
  }

  /**
   * Takes a token for an incoming message: 'ok', 'limited' (answer an error), or 'abusive'
   * once too many messages were refused in a row (close the socket).
   */
  take(now = Date.now()): 'ok' | 'limited' | 'abusive' {
    const { messages, windowMs } = this.tuning.rateLimit;
    this.tokens = Math.min(messages, this.tokens + ((now - this.refilledAt) * messages) / windowMs);
    this.refilledAt = now;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      this.strikes = 0;
      return 'ok';
    }
    this.strikes += 1;
    return this.strikes > this.tuning.abuseStrikes ? 'abusive' : 'limited';
  }

  close(code: number, reason: string): void {
    if (this.ws.readyState === WebSocket.OPEN || this.ws.readyState === WebSocket.CONNECTING) this.ws.close(code, reason);
  }
}
