import { describe, expect, it } from 'vitest';
import { battle, samples } from './ws-message-samples';
import { clientMessage, serverMessage } from './ws-messages';

describe('serverMessage', () => {
  it('has a sample of every message type', () => {
    const types = serverMessage.options.map((option) => option.shape.type.value);
    expect(new Set(samples.map((m) => m.type))).toEqual(new Set(types));
  });

  it.each(samples.map((m) => [m.type, m] as const))('parses %s as the server sends it (after JSON)', (_, message) => {
    const wire: unknown = JSON.parse(JSON.stringify(message));
    const result = serverMessage.safeParse(wire);
    expect(result.error?.issues ?? []).toEqual([]);
    expect(result.data).toEqual(wire);
  });

  it('refuses a message outside its schema', () => {
    expect(serverMessage.safeParse({ type: 'battle_turn', battle: { ...battle, turnDeadline: undefined } }).success).toBe(false);
    expect(serverMessage.safeParse({ type: 'spectate_ended', battleId: 13, winner: 2, replayId: 78 }).success).toBe(false);
    expect(serverMessage.safeParse({ type: 'no_such_message' }).success).toBe(false);
  });
});

describe('clientMessage pvp_action', () => {
  const parse = (message: unknown) => clientMessage.safeParse(message);
  it('takes attack, forfeit and a skill named in actionData', () => {
    expect(parse({ type: 'pvp_action', battleId: 3, action: 'attack' }).success).toBe(true);
    expect(parse({ type: 'pvp_action', battleId: 3, action: 'skill', actionData: { skillId: 12 } }).success).toBe(true);
  });
  it('refuses a skill without a skill id, and moves of other pages', () => {
    for (const actionData of [undefined, {}, { skillId: 'x' }, { skillId: 0 }]) {
      expect(parse({ type: 'pvp_action', battleId: 3, action: 'skill', actionData }).error?.issues[0]?.message).toBe('Choose a learned skill to use');
    }
    expect(parse({ type: 'pvp_action', battleId: 3, action: 'special' }).error?.issues[0]?.message).toBe('Unknown action');
  });
});
