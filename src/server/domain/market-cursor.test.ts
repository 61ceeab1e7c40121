import { describe, expect, it } from 'vitest';
import { decodeMarketCursor, encodeMarketCursor } from './market-cursor';

describe('marketplace cursors', () => {
  it('round-trips every sort', () => {
    for (const sort of ['newest', 'price_low', 'price_high', 'level_high', 'level_low', 'popular'] as const) {
      const cursor = encodeMarketCursor({ sort, key: 4200, id: 17 });
      expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(decodeMarketCursor(cursor)).toEqual({ sort, key: 4200, id: 17 });
    }
  });

  it('refuses anything it did not make', () => {
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const bad of [
      'not a cursor!',
      'e30',
      encode({ sort: 'newest', key: 0, id: 1 }),
      encode(['cheapest', 1, 1]),
      encode(['price_low', -1, 1]),
      encode(['price_low', 1.5, 1]),
      encode(['price_low', 2_147_483_648, 1]),
      encode(['price_low', 1, 0]),
      encode(['price_low', '1', 1]),
      encode(['price_low', 1, 1, 1]),
      Buffer.from('{"broken').toString('base64url'),
    ]) {
      expect(decodeMarketCursor(bad), bad).toBeNull();
    }
  });
});
