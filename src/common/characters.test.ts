import { describe, expect, it } from 'vitest';
import { bestFirst, bestOf, currentOf, viewReader } from './characters';

const c = (id: number, level: number, wins: number, listed = false) => ({ id, level, wins, listing: listed ? { id: 1, price: 9 } : null });

describe('the current character', () => {
  it('ranks by level, then wins, then the oldest: never a tie', () => {
    const list = [c(4, 3, 2), c(1, 2, 0), c(3, 3, 4), c(2, 3, 4)];
    expect([...list].sort(bestFirst).map((x) => x.id)).toEqual([2, 3, 4, 1]);
    expect(bestOf(list, viewReader.rank)?.id).toBe(2);
  });

  it('is the best one not listed for sale, a listed one only when all are', () => {
    expect(currentOf([c(1, 2, 0), c(2, 5, 1, true), c(3, 3, 4), c(4, 3, 2)], viewReader)?.id).toBe(3);
    expect(currentOf([c(1, 2, 0, true), c(2, 5, 1, true)], viewReader)?.id).toBe(2);
    expect(currentOf([], viewReader)).toBeNull();
  });
});
