import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRng, mixSeed } from './rng';

describe('seeded generator', () => {
  it('repeats the same sequence for the same seed', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const a = createRng(seed);
        const b = createRng(seed);
        for (let i = 0; i < 20; i++) expect(a.next()).toBe(b.next());
      }),
    );
  });

  it('gives different sequences for different seeds', () => {
    const a = Array.from({ length: 5 }, createRng(1).next);
    const b = Array.from({ length: 5 }, createRng(2).next);
    expect(a).not.toEqual(b);
  });

  it('keeps next() in [0, 1) and int() inside its inclusive range', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: -1000, max: 1000 }), fc.nat(50), (seed, min, span) => {
        const rng = createRng(seed);
        for (let i = 0; i < 20; i++) {
          const x = rng.next();
          expect(x).toBeGreaterThanOrEqual(0);
          expect(x).toBeLessThan(1);
          const n = rng.int(min, min + span);
          expect(Number.isInteger(n)).toBe(true);
          expect(n).toBeGreaterThanOrEqual(min);
          expect(n).toBeLessThanOrEqual(min + span);
        }
      }),
    );
  });

  it('reaches both ends of an integer range and spreads evenly', () => {
    const rng = createRng(42);
    const counts = [0, 0, 0, 0, 0, 0];
    for (let i = 0; i < 60_000; i++) counts[rng.int(0, 5)]!++;
    for (const c of counts) expect(c).toBeGreaterThan(9_000);
  });

  it('honours chance() probabilities and its extremes', () => {
    const rng = createRng(7);
    let hits = 0;
    for (let i = 0; i < 20_000; i++) if (rng.chance(0.25)) hits++;
    expect(hits / 20_000).toBeGreaterThan(0.23);
    expect(hits / 20_000).toBeLessThan(0.27);
    expect(rng.chance(0)).toBe(false);
    expect(rng.chance(1)).toBe(true);
  });

  it('picks members of the list and refuses an empty one', () => {
    const rng = createRng(3);
    const items = ['a', 'b', 'c'] as const;
    const seen = new Set<string>();
    for (let i = 0; i < 100; i++) seen.add(rng.pick(items));
    expect([...seen].sort()).toEqual(['a', 'b', 'c']);
    expect(() => rng.pick([])).toThrow(RangeError);
    expect(() => rng.int(3, 2)).toThrow(RangeError);
  });

  it('mixes seed parts into distinct 32-bit seeds', () => {
    const seeds = new Set<number>();
    for (let i = 0; i < 1000; i++) seeds.add(mixSeed(1, i));
    expect(seeds.size).toBe(1000);
    expect(mixSeed(1, 2)).toBe(mixSeed(1, 2));
    expect(mixSeed(1, 2)).not.toBe(mixSeed(2, 1));
    for (const s of seeds) expect(s >>> 0).toBe(s);
  });
});
