import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { createMatchRunner, JOIN_CONCURRENCY } from './pvp-matcher';

const runner = () =>
  createMatchRunner({ db: null as unknown as Db, send: async () => undefined, clock: () => ({}), onError: () => undefined });

describe('join admission', () => {
  it('runs at most JOIN_CONCURRENCY joins at once and every one of them finishes', async () => {
    const { admit } = runner();
    let running = 0;
    let peak = 0;
    const join = (i: number) =>
      admit(async () => {
        running += 1;
        peak = Math.max(peak, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running -= 1;
        return i;
      });
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => join(i)));
    expect(results).toEqual(Array.from({ length: 40 }, (_, i) => i));
    expect(peak).toBe(JOIN_CONCURRENCY);
    expect(running).toBe(0);
  });

  it('frees the slot of a join that fails', async () => {
    const { admit } = runner();
    const failures = Array.from({ length: JOIN_CONCURRENCY * 2 }, () => admit(() => Promise.reject(new Error('refused'))));
    for (const f of failures) await expect(f).rejects.toThrow('refused');
    await expect(admit(async () => 'after')).resolves.toBe('after');
  });
});
