import { describe, expect, it } from 'vitest';
import { MAX_ID } from '@common/path-ids';
import { clientMessage } from '@common/ws-messages';
import { parseClientMessage } from './dispatch';

/** What the schema alone answers for a message (the reading every message had before the quick path). */
function bySchema(value: unknown): ReturnType<typeof parseClientMessage> {
  const parsed = clientMessage.safeParse(value);
  return parsed.success ? { ok: true, message: parsed.data } : { ok: false, error: parsed.error.issues[0]?.message ?? 'Invalid message' };
}

const read = (value: unknown) => parseClientMessage(Buffer.from(JSON.stringify(value)), false);

describe('parseClientMessage', () => {
  it("reads a duel's moves as the schema does, whatever they hold", () => {
    const moves: unknown[] = [
      { type: 'pvp_action', battleId: 7, action: 'attack' },
      { type: 'pvp_action', battleId: 7, action: 'forfeit' },
      { type: 'pvp_action', battleId: MAX_ID, action: 'attack' },
      { type: 'pvp_action', battleId: MAX_ID + 1, action: 'attack' },
      { type: 'pvp_action', battleId: 0, action: 'attack' },
      { type: 'pvp_action', battleId: -3, action: 'attack' },
      { type: 'pvp_action', battleId: 1.5, action: 'attack' },
      { type: 'pvp_action', battleId: '7', action: 'attack' },
      { type: 'pvp_action', battleId: null, action: 'attack' },
      { type: 'pvp_action', action: 'attack' },
      { type: 'pvp_action', battleId: 7 },
      { type: 'pvp_action', battleId: 7, action: 'dance' },
      { type: 'pvp_action', battleId: 7, action: 'ATTACK' },
      // Keys beside the three: the schema drops them, and answers as without them.
      { type: 'pvp_action', battleId: 7, action: 'attack', extra: 'x' },
      { type: 'pvp_action', battleId: 7, action: 'attack', actionData: { skillId: 3 } },
      { type: 'pvp_action', battleId: 7, action: 'forfeit', actionData: null },
      // A skill's choice is always the schema's.
      { type: 'pvp_action', battleId: 7, action: 'skill', actionData: { skillId: 3 } },
      { type: 'pvp_action', battleId: 7, action: 'skill' },
      { type: 'pvp_action', battleId: 7, action: 'skill', actionData: { skillId: 'x' } },
    ];
    for (const move of moves) expect(read(move), JSON.stringify(move)).toEqual(bySchema(move));
  });

  it('answers a plain move with exactly its three fields', () => {
    const answer = read({ type: 'pvp_action', battleId: 12, action: 'attack' });
    expect(answer).toEqual({ ok: true, message: { type: 'pvp_action', battleId: 12, action: 'attack' } });
    expect(Object.keys((answer as { message: object }).message)).toEqual(['type', 'battleId', 'action']);
  });

  it('refuses what is not a message before any schema', () => {
    expect(parseClientMessage(Buffer.from('{'), false)).toEqual({ ok: false, error: 'Invalid message: not JSON' });
    expect(parseClientMessage(Buffer.from('[1]'), false)).toEqual({ ok: false, error: 'Invalid message: an object with a type is expected' });
    expect(read({ type: 'warp' })).toEqual({ ok: false, error: 'Unknown message type: warp' });
    expect(parseClientMessage(Buffer.from('{}'), true)).toEqual({ ok: false, error: 'Binary messages are not supported' });
    // A key named __proto__ is an own key of the parsed object: not a plain move.
    const proto = parseClientMessage(Buffer.from('{"type":"pvp_action","battleId":7,"action":"attack","__proto__":{"x":1}}'), false);
    expect(proto).toEqual(bySchema(JSON.parse('{"type":"pvp_action","battleId":7,"action":"attack","__proto__":{"x":1}}')));
  });
});
