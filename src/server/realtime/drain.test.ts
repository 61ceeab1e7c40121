import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeSpread } from './drain';

describe('closeSpread', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('closes evenly over the spread: a slice every step, the first at once, the last before the spread ends', async () => {
    const closed: [number, number][] = [];
    const items = Array.from({ length: 5000 }, (_, i) => i);
    const start = Date.now();
    const done = closeSpread(items, 4000, (i) => closed.push([i, Date.now() - start]));
    await vi.runAllTimersAsync();
    await done;
    expect(closed.map(([i]) => i)).toEqual(items);
    const perStep = new Map<number, number>();
    for (const [, at] of closed) perStep.set(at, (perStep.get(at) ?? 0) + 1);
    expect([...perStep.keys()]).toEqual(Array.from({ length: 40 }, (_, k) => k * 100));
    expect(Math.max(...perStep.values())).toBe(125);
  });

  it('closes all at once without a spread, or with one item', async () => {
    const closed: number[] = [];
    await closeSpread([1, 2, 3], 0, (i) => closed.push(i));
    await closeSpread([4], 4000, (i) => closed.push(i));
    expect(closed).toEqual([1, 2, 3, 4]);
  });
});
