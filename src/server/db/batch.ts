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
