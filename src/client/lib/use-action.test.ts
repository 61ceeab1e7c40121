import { MutationObserver, QueryClient, type MutateOptions, type UseMutateFunction } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { SingleFlight, actionMutationOptions, guardedMutate, type ActionOptions } from './use-action';

/** A promise the test settles by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** What `useAction` builds, without React: a mutation observer behind the single-flight gate. */
function action<TData, TVars>(options: ActionOptions<TData, TVars, unknown>) {
  let n = 0;
  const flight = new SingleFlight(() => `key-${++n}`);
  const idle = vi.fn();
  const started = vi.fn();
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const observer = new MutationObserver(client, actionMutationOptions(options, flight, idle));
  // As a mounted component does: the press's own callbacks go to subscribed observers only.
  observer.subscribe(() => {});
  const raw = ((vars: TVars, opts?: MutateOptions<TData, Error, TVars, unknown>) =>
    void observer.mutate(vars, opts).catch(() => {})) as UseMutateFunction<TData, Error, TVars, unknown>;
  const mutate = guardedMutate(flight, raw, started);
  return { flight, observer, mutate, idle, started };
}

describe('SingleFlight', () => {
  it('lets one action run at a time, each with a fresh key', () => {
    let n = 0;
    const flight = new SingleFlight(() => `k${++n}`);
    expect(flight.busy).toBe(false);
    expect(flight.start()).toBe('k1');
    expect(flight.busy).toBe(true);
    expect(flight.key).toBe('k1');
    expect(flight.start()).toBeNull();
    flight.finish();
    expect(flight.key).toBeNull();
    expect(flight.start()).toBe('k2');
  });

  it('makes UUID keys by default', () => {
    const flight = new SingleFlight();
    expect(flight.start()).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('an action', () => {
  it('ignores a second press while the first runs: one request, no error after the success', async () => {
    const answer = deferred<string>();
    const mutationFn = vi.fn((_vars: number, _key: string) => answer.promise);
    const onSuccess = vi.fn();
    const onError = vi.fn();
    const { mutate, started } = action({ mutationFn, onSuccess, onError });

    // A double click: both presses arrive before anything re-renders.
    mutate(1);
    mutate(1);
    await flush();
    expect(mutationFn).toHaveBeenCalledTimes(1);
    expect(mutationFn).toHaveBeenCalledWith(1, 'key-1');
    expect(started).toHaveBeenCalledTimes(1);

    answer.resolve('bought');
    await flush();
    expect(onSuccess).toHaveBeenCalledTimes(1);
    expect(onError).not.toHaveBeenCalled();
  });

  it('takes the next press once the first has settled, with a new key', async () => {
    const mutationFn = vi.fn(async (vars: string, key: string) => `${vars}:${key}`);
    const { mutate, idle } = action({ mutationFn });
    mutate('a');
    await flush();
    expect(idle).toHaveBeenCalledTimes(1);
    mutate('b');
    await flush();
    expect(mutationFn.mock.calls).toEqual([
      ['a', 'key-1'],
      ['b', 'key-2'],
    ]);
  });

  it('frees the gate after a failure too, and after its own onSettled has run', async () => {
    const order: string[] = [];
    const { mutate, flight } = action({
      mutationFn: async () => {
        throw new Error('409: {"message":"nope"}');
      },
      onError: () => void order.push('error'),
      onSettled: async () => {
        await flush();
        order.push(`settled, busy=${flight.busy}`);
      },
    });
    mutate(undefined);
    await flush();
    await flush();
    expect(order).toEqual(['error', 'settled, busy=true']);
    expect(flight.busy).toBe(false);
  });

  it("passes the press's own callbacks on", async () => {
    const { mutate } = action({ mutationFn: async (n: number) => n * 2 });
    const onSuccess = vi.fn();
    mutate(21, { onSuccess });
    await flush();
    await flush();
    expect(onSuccess).toHaveBeenCalledWith(42, 21, undefined, expect.anything());
  });
});
