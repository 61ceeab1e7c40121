import { serverMessage, type ServerMessage } from '@common/ws-messages';

/**
 * A server message from a frame's data, or null for anything that is not a JSON object with a
 * `type`. Every message is checked against its schema (`serverMessage`), in the production
 * build too: one that does not match is dropped (null) and logged with its type and the first
 * field outside its contract, so a server that changed a message is seen at once rather than
 * read wrong. The schema of a type is found by its `type` (a discriminated union), and the
 * check costs a few microseconds for a battle action (ws-client.bench.ts).
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
  const result = serverMessage.safeParse(parsed);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  console.warn(`Socket message ${type} dropped: outside its contract at ${issue?.path.join('.') || '(root)'}: ${issue?.message ?? ''}`);
  return null;
}
