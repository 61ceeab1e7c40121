import { useState, useSyncExternalStore } from 'react';
import { warmLoad } from './warm-load';

/**
 * A module fetched once, when a player first shows they want what it draws (a hover, a focus or
 * a press), instead of with the screen: `warm()` starts the fetch and forgets a failure (the
 * press's own `load()` meets it again), and every component that reads it with `useArrived` renders again with
 * the module once it has arrived. A failed fetch is tried again by the next `load()`.
 */
export interface OnDemand<M> {
  warm(): void;
  load(): Promise<M>;
  subscribe(listener: () => void): () => void;
  /** The module once it has arrived, otherwise null. */
  arrived(): M | null;
}

const nothingYet = () => null;

/** The module once it has arrived, otherwise null; the component renders again when it arrives. */
export function useArrived<M>(wanted: OnDemand<M>): M | null {
  return useSyncExternalStore(wanted.subscribe, wanted.arrived, nothingYet);
}

export function onDemand<M>(fetch: () => Promise<M>): OnDemand<M> {
  let module: M | null = null;
  let pending: Promise<M> | null = null;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  const load = () =>
    (pending ??= fetch().then(
      (arrived) => {
        module = arrived;
        for (const listener of listeners) listener();
        return arrived;
      },
      (err: unknown) => {
        pending = null;
        throw err;
      },
    ));
  return {
    warm: warmLoad(load),
    load,
    subscribe,
    arrived: () => module,
  };
}

/** What a form says when the rules it waits for could not be fetched. */
export const RULES_UNREACHABLE = 'Could not reach the game. Check your connection and try again.';

/**
 * For a form whose submit waits for its rules (a shared schema fetched on its first focus):
 * `run(then)` calls `then` with the module at once if it is in, else once it arrives, `waiting`
 * meanwhile (the submit button says so); a fetch that fails calls `failed`, and the next submit
 * fetches again instead of doing nothing for good.
 */
export function useWithModule<M>(wanted: OnDemand<M>, failed: () => void): { waiting: boolean; run: (then: (module: M) => void) => void } {
  const [waiting, setWaiting] = useState(false);
  const run = (then: (module: M) => void) => {
    const ready = wanted.arrived();
    if (ready) return then(ready);
    setWaiting(true);
    void wanted
      .load()
      .then(then, failed)
      .finally(() => setWaiting(false));
  };
  return { waiting, run };
}
