interface Waiter<V> {
  resolve: (value: V | undefined) => void;
  reject: (err: unknown) => void;
}

/**
 * Reads by key that arrive in the same turn of the event loop, coalesced into one statement
 * (the DataLoader pattern). Under load, the requests a turn brings in (tens at 100 connections)
 * share one database round trip instead of one each; alone, a read waits only for the end of the
 * turn. Every read sees the database as it is when the statement runs, so nothing served is
 * older than an unbatched read would be. Use it only outside transactions: a batch runs on the
 * pool, not on the caller's connection. `load` answers the rows it found by key; a key it does
 * not answer reads as undefined.
 */
export function batchedReads<K, V>(load: (keys: K[]) => Promise<ReadonlyMap<K, V>>, { max = 500 }: { max?: number } = {}): (key: K) => Promise<V | undefined> {
  let open: Map<K, Waiter<V>[]> | null = null;

  const send = (batch: Map<K, Waiter<V>[]>) => {
    if (open === batch) open = null;
    load([...batch.keys()]).then(
      (found) => {
        for (const [key, waiters] of batch) for (const w of waiters) w.resolve(found.get(key));
      },
      (err: unknown) => {
        for (const waiters of batch.values()) for (const w of waiters) w.reject(err);
      },
    );
  };

  return (key) =>
    new Promise<V | undefined>((resolve, reject) => {
      let batch = open;
      if (!batch) {
        const fresh = (batch = open = new Map());
        setImmediate(() => {
          if (open === fresh) send(fresh);
        });
      }
      const waiters = batch.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else batch.set(key, [{ resolve, reject }]);
      // A full batch goes now; later reads open the next one.
      if (batch.size >= max) send(batch);
    });
}

/** One call's outcome in a batch: its value, or the error it fails with. */
export type Settled<O> = { value: O; error?: undefined } | { error: unknown; value?: undefined };

/**
 * Calls that arrive in the same turn of the event loop, run together by `run` (e.g. in one
 * transaction): it gets every input of the batch, in order, and answers each one's outcome at
 * the same position. A failure of `run` itself fails every call of the batch. Alone, a call
 * goes at the end of its turn; a batch holds at most `max` calls. With `oneAtATime`, a batch
 * starts only once the one before it has finished, and the calls that arrive meanwhile go
 * together in the next (a burst then takes one connection, however long it lasts). With
 * `gatherMs`, a batch waits that long after its first call for the calls that follow, also when
 * that call came while the batch before it was running.
 */
export function batchedCalls<I, O>(
  run: (inputs: I[]) => Promise<Settled<O>[]>,
  { max = 200, oneAtATime = false, gatherMs = 0 }: { max?: number; oneAtATime?: boolean; gatherMs?: number } = {},
): (input: I) => Promise<O> {
  type Call = { input: I; resolve: (value: O) => void; reject: (err: unknown) => void };
  let open: Call[] | null = null;
  let scheduled = false;
  let running = 0;

  const settle = (batch: Call[], outcomes: Settled<O>[]) => {
    batch.forEach((c, i) => {
      const outcome = outcomes[i];
      if (!outcome) c.reject(new Error('batched call has no outcome'));
      else if (outcome.error === undefined) c.resolve(outcome.value as O);
      else c.reject(outcome.error);
    });
  };

  const pump = () => {
    while (open && open.length > 0 && !(oneAtATime && running > 0)) {
      const batch = open.splice(0, max);
      if (open.length === 0) open = null;
      running += 1;
      run(batch.map((c) => c.input))
        .then(
          (outcomes) => settle(batch, outcomes),
          (err: unknown) => batch.forEach((c) => c.reject(err)),
        )
        .finally(() => {
          running -= 1;
          // The calls that came meanwhile go now, unless their window is still open: then they
          // go when it closes (under load, a batch is a window's calls, not a transaction's).
          if (oneAtATime && !scheduled) pump();
        });
    }
  };

  return (input) =>
    new Promise<O>((resolve, reject) => {
      (open ??= []).push({ input, resolve, reject });
      if (!scheduled) {
        scheduled = true;
        const go = () => {
          scheduled = false;
          pump();
        };
        if (gatherMs > 0) setTimeout(go, gatherMs).unref();
        else setImmediate(go);
      }
    });
}
