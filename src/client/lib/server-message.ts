import type { ServerMessage } from '@common/ws-messages';
import { checkShape } from './message-shape';
import { serverMessageShape } from './server-message-shape';

/**
 * A server message from a frame's data, or null for anything that is not a JSON object with a
 * `type`. Every message is checked against its contract (`serverMessage` of
 * src/common/ws-messages.ts, as a shape: message-shape.ts), in the production build too: one
 * that does not match is dropped (null) and logged with its type and the first field outside its
 * contract, so a server that changed a message is seen at once rather than read wrong. The
 * shape of a type is found by its `type`, and the check costs a few microseconds for a battle
 * action (ws-client.bench.ts). The shape accepts and returns exactly what the schema does
 * (message-shape.test.ts), without loading zod.
 */
export function parseServerMessage(data: unknown): ServerMessage | null {
  if (typeof data !== 'string') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
  const type = (parsed as { type?: unknown }).type;
  if (typeof type !== 'string') return null;
  const result = checkShape(serverMessageShape, parsed);
  if (result.ok) return result.value as ServerMessage;
  console.warn(`Socket message ${type} dropped: outside its contract at ${result.issue.path.join('.') || '(root)'}: ${result.issue.message}`);
  return null;
}
