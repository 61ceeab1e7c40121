import { describe, expect, it } from 'vitest';
import { deliveryText } from './delivery-text';

describe('the chat link card', () => {
  it('says messages still go through only while the server answers', () => {
    expect(deliveryText('online', true).lead).toBe('Live link up.');
    for (const status of ['disconnected', 'connecting', 'replaced'] as const) {
      expect(deliveryText(status, true).rest).toContain('your messages still go through');
      const down = deliveryText(status, false).rest;
      expect(down).not.toContain('go through');
      expect(down).toContain('The server is not answering: no message can be sent or received until it is back.');
    }
  });
});
