import { describe, expect, it } from 'vitest';
import type { ServerMessage } from '@common/ws-messages';
import { messageEncoder } from './connection';

describe('messageEncoder', () => {
  const outside = { type: 'queue_joined', position: 'first', estimatedWait: 5 } as unknown as ServerMessage;

  it('checks every message against its schema where answers are checked', () => {
    const encode = messageEncoder(true);
    expect(encode({ type: 'queue_joined', position: 1, estimatedWait: 5 })).toBe('{"type":"queue_joined","position":1,"estimatedWait":5}');
    expect(() => encode(outside)).toThrow(/socket message queue_joined left outside its contract: position/);
  });

  it('only serialises otherwise', () => {
    expect(messageEncoder(false)(outside)).toBe('{"type":"queue_joined","position":"first","estimatedWait":5}');
  });
});
