import type { RawData } from 'ws';
import { MAX_ID } from '@common/path-ids';
import { clientMessage, type ClientMessage } from '@common/ws-messages';
import type { AppContext, Log } from '../context';
import { AppError } from '../errors';
import type { Connection } from './connection';

/** What one incoming message type does, for the socket `conn` of the app whose context is `ctx`. */
export type MessageHandler<T extends ClientMessage['type']> = (
  context: { ctx: AppContext; conn: Connection },
  message: Extract<ClientMessage, { type: T }>,
) => void | Promise<void>;
export type MessageHandlers = { [T in ClientMessage['type']]: MessageHandler<T> };

const KNOWN_TYPES = new Set<string>(clientMessage.options.map((option) => option.shape.type.value));

/** The built-in handlers; the gateway's `handle` adds the others (chat, PvP). */
const builtIn: Partial<MessageHandlers> = {
  // The ids it claims are ignored: the session decided who this is at the upgrade.
  auth: ({ conn }) => {
    conn.send({ type: 'auth_success', userId: conn.user.id, username: conn.user.username });
  },
  ping: ({ conn }) => {
    conn.send({ type: 'pong' });
  },
};

function textOf(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}

/**
 * A duel's move, the message a server under duel load reads most, checked without the schema
 * (its parse was 2.4 % of the server's CPU in the move phase of the peers bench): exactly
 * `{type, battleId, action}`, a valid battle id, Attack or Forfeit. Anything else, a skill's
 * choice included, goes through the schema, so what is accepted, what it reads as and every
 * refusal's text stay the schema's (dispatch.test.ts holds the two to the same answers).
 */
function plainMove(value: Record<string, unknown>): ClientMessage | null {
  if (value.type !== 'pvp_action') return null;
  const { battleId, action } = value;
  if (action !== 'attack' && action !== 'forfeit') return null;
  if (typeof battleId !== 'number' || !Number.isInteger(battleId) || battleId < 1 || battleId > MAX_ID) return null;
  if (Object.keys(value).length !== 3) return null;
  return { type: 'pvp_action', battleId, action };
}

/** Reads one message: not JSON, not an object with a known type, or invalid for its schema → error. */
export function parseClientMessage(data: RawData, isBinary: boolean): { ok: true; message: ClientMessage } | { ok: false; error: string } {
  if (isBinary) return { ok: false, error: 'Binary messages are not supported' };
  let value: unknown;
  try {
    value = JSON.parse(textOf(data));
  } catch {
    return { ok: false, error: 'Invalid message: not JSON' };
  }
  const type = (value as { type?: unknown } | null)?.type;
  if (typeof value !== 'object' || value === null || Array.isArray(value) || typeof type !== 'string') {
    return { ok: false, error: 'Invalid message: an object with a type is expected' };
  }
  if (!KNOWN_TYPES.has(type)) return { ok: false, error: `Unknown message type: ${type.slice(0, 40)}` };
  const move = plainMove(value as Record<string, unknown>);
  if (move) return { ok: true, message: move };
  const parsed = clientMessage.safeParse(value);
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]?.message ?? 'Invalid message' };
  return { ok: true, message: parsed.data };
}

export async function dispatchMessage({
  ctx,
  conn,
  data,
  isBinary,
  handlers,
  log,
}: {
  ctx: AppContext;
  conn: Connection;
  data: RawData;
  isBinary: boolean;
  handlers: Partial<MessageHandlers>;
  log: Log;
}): Promise<void> {
  const parsed = parseClientMessage(data, isBinary);
  if (!parsed.ok) {
    conn.send({ type: 'error', message: parsed.error });
    return;
  }
  const { message } = parsed;
  const handler = (handlers[message.type] ?? builtIn[message.type]) as MessageHandler<typeof message.type> | undefined;
  if (!handler) {
    conn.send({ type: 'error', message: `Unsupported message type: ${message.type}` });
    return;
  }
  try {
    await handler({ ctx, conn }, message as never);
  } catch (err) {
    if (err instanceof AppError) {
      conn.send({ type: 'error', message: err.message });
      return;
    }
    log.error({ err, type: message.type }, 'socket message failed');
    conn.send({ type: 'error', message: 'Something went wrong. Please try again.' });
  }
}
