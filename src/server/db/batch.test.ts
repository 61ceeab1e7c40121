import { afterEach, describe, expect, it, vi } from 'vitest';
import { batchedCalls, batchedReads } from './batch';

function recordingLoader(fail = false) {
  const calls: number[][] = [];
  const read = batchedReads<number, string>(async (keys) => {
    calls.push(keys);
    if (fail) throw new Error('database gone');
    return new Map(keys.filter((k) => k > 0).map((k) => [k, `row ${k}`]));
  }, { max: 3 });
  return { calls, read };
}

describe('batchedReads', () => {
  it('reads of one turn share one load, each answered with its own row', async () => {
    const { calls, read } = recordingLoader();
    const answers = await Promise.all([read(1), read(2), read(1), read(-5)]);
    expect(answers).toEqual(['row 1', 'row 2', 'row 1', undefined]);
    // 1, 2 and -5 fit the batch of three (1 is asked twice but loaded once).
    expect(calls).toEqual([[1, 2, -5]]);
  });

  it('a full batch goes at once and the reads after it open the next', async () => {
    const { calls, read } = recordingLoader();
    const answers = await Promise.all([1, 2, 3, 4, 5].map((k) => read(k)));
    expect(answers).toEqual(['row 1', 'row 2', 'row 3', 'row 4', 'row 5']);
    expect(calls).toEqual([[1, 2, 3], [4, 5]]);
  });

  it('reads of later turns are loaded again, never answered from an earlier batch', async () => {
    const { calls, read } = recordingLoader();
    expect(await read(7)).toBe('row 7');
    expect(await read(7)).toBe('row 7');
    expect(calls).toEqual([[7], [7]]);
  });

  it('a failed load fails every read of its batch, and the next batch loads afresh', async () => {
    const failing = recordingLoader(true);
    const results = await Promise.allSettled([failing.read(1), failing.read(2)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect((results[0] as PromiseRejectedResult).reason).toEqual(new Error('database gone'));
    await expect(failing.read(3)).rejects.toThrow('database gone');
    expect(failing.calls).toEqual([[1, 2], [3]]);
  });
});

describe('batchedCalls with a gathering window', () => {
  afterEach(() => vi.useRealTimers());

  it('runs the calls of the window together, and those after it in the next batch', async () => {
    vi.useFakeTimers();
    const batches: number[][] = [];
    const call = batchedCalls(async (inputs: number[]) => {
      batches.push(inputs);
      return inputs.map((i) => ({ value: i * 10 }));
    }, { gatherMs: 50 });
    const first = call(1);
    await vi.advanceTimersByTimeAsync(20);
    const second = call(2);
    await vi.advanceTimersByTimeAsync(20);
    expect(batches).toEqual([]);
    await vi.advanceTimersByTimeAsync(10);
    expect(batches).toEqual([[1, 2]]);
    expect(await Promise.all([first, second])).toEqual([10, 20]);
    const third = call(3);
    await vi.advanceTimersByTimeAsync(50);
    expect(await third).toBe(30);
    expect(batches).toEqual([[1, 2], [3]]);
  });

  it('one at a time, the calls that come while a batch runs wait for their own window, not only for that batch', async () => {
    vi.useFakeTimers();
    const batches: number[][] = [];
    let finish: () => void = () => undefined;
    const call = batchedCalls(async (inputs: number[]) => {
      batches.push(inputs);
      // The first batch holds its connection until told; the others answer at once.
      if (batches.length === 1) await new Promise<void>((resolve) => (finish = resolve));
      return inputs.map((i) => ({ value: i }));
    }, { gatherMs: 50, oneAtATime: true });
    const first = call(1);
    await vi.advanceTimersByTimeAsync(50);
    expect(batches).toEqual([[1]]);
    // 2 comes while the first batch runs, which ends 10 ms later: 2 still waits its 50 ms.
    const second = call(2);
    await vi.advanceTimersByTimeAsync(10);
    finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(batches).toEqual([[1]]);
    const third = call(3);
    await vi.advanceTimersByTimeAsync(39);
    expect(batches).toEqual([[1]]);
    await vi.advanceTimersByTimeAsync(1);
    expect(batches).toEqual([[1], [2, 3]]);
    expect(await Promise.all([first, second, third])).toEqual([1, 2, 3]);
    // A window that closes while a batch runs: its calls go as soon as that batch ends.
    let release: () => void = () => undefined;
    const slow = batchedCalls(async (inputs: number[]) => {
      batches.push(inputs);
      if (inputs[0] === 10) await new Promise<void>((resolve) => (release = resolve));
      return inputs.map((i) => ({ value: i }));
    }, { gatherMs: 50, oneAtATime: true });
    batches.length = 0;
    const a = slow(10);
    await vi.advanceTimersByTimeAsync(50);
    const b = slow(11);
    await vi.advanceTimersByTimeAsync(80);
    expect(batches).toEqual([[10]]);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(batches).toEqual([[10], [11]]);
    expect(await Promise.all([a, b])).toEqual([10, 11]);
  });
});
