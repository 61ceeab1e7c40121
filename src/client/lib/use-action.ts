import { useMemo, useRef, useState } from 'react';
import {
  useMutation,
  type UseMutateFunction,
  type UseMutationOptions,
  type UseMutationResult,
} from '@tanstack/react-query';
import { newIdempotencyKey } from './api';

/**
 * Player actions that must happen once per press. TanStack's `isPending` reaches the screen a
 * moment after `mutate`, so a fast double click could start an action twice (and the second
 * attempt would fail with a red toast after the first succeeded). An action here:
 * - ignores a second `mutate` while one runs, decided at once through a plain object, not state;
 * - hands its `mutationFn` a fresh idempotency key per press (the same for a retry of that
 *   press), for the calls the server makes safe to repeat with an `Idempotency-Key` header;
 * - reports `isPending` from the press itself, so its button is disabled at once.
 */

/** One action at a time, each with its own key. */
export class SingleFlight {
  #key: string | null = null;

  constructor(private readonly newKey: () => string = newIdempotencyKey) {}

  /** True while an action runs. */
  get busy(): boolean {
    return this.#key !== null;
  }

  /** The running action's key. */
  get key(): string | null {
    return this.#key;
  }

  /** Starts an action and answers its fresh key, or null when one already runs. */
  start(): string | null {
    if (this.#key !== null) return null;
    this.#key = this.newKey();
    return this.#key;
  }

  finish(): void {
    this.#key = null;
  }
}

export interface ActionOptions<TData, TVars, TContext>
  extends Omit<UseMutationOptions<TData, Error, TVars, TContext>, 'mutationFn'> {
  /** Runs the action; send `idempotencyKey` to the calls that accept one. */
  mutationFn: (vars: TVars, idempotencyKey: string) => Promise<TData>;
}

/** A mutation's options whose function gets the running action's key and whose end frees the flight. */
export function actionMutationOptions<TData, TVars, TContext>(
  { mutationFn, onSettled, ...rest }: ActionOptions<TData, TVars, TContext>,
  flight: SingleFlight,
  onIdle?: () => void,
): UseMutationOptions<TData, Error, TVars, TContext> {
  return {
    ...rest,
    // The key is taken when the press starts, so a retry of the same press sends the same key.
    mutationFn: (vars) => mutationFn(vars, flight.key ?? newIdempotencyKey()),
    onSettled: async (...args) => {
      try {
        await onSettled?.(...args);
      } finally {
        flight.finish();
        onIdle?.();
      }
    },
  };
}

/** A `mutate` that does nothing while the flight is busy. */
export function guardedMutate<TData, TVars, TContext>(
  flight: SingleFlight,
  mutate: UseMutateFunction<TData, Error, TVars, TContext>,
  onStart?: () => void,
): UseMutateFunction<TData, Error, TVars, TContext> {
  return (...args) => {
    if (flight.start() === null) return;
    onStart?.();
    mutate(...args);
  };
}

export type ActionResult<TData, TVars, TContext> = Omit<UseMutationResult<TData, Error, TVars, TContext>, 'mutateAsync'>;

/** `useMutation` for a player action: once per press, a fresh idempotency key per press. */
export function useAction<TData = unknown, TVars = void, TContext = unknown>(
  options: ActionOptions<TData, TVars, TContext>,
): ActionResult<TData, TVars, TContext> {
  const flightRef = useRef<SingleFlight | null>(null);
  flightRef.current ??= new SingleFlight();
  const flight = flightRef.current;
  // Set in the press's own event, so the button is disabled before a second click arrives.
  const [pressed, setPressed] = useState(false);

  const { mutateAsync: _unused, mutate: rawMutate, ...mutation } = useMutation(
    actionMutationOptions(options, flight, () => setPressed(false)),
  );
  const mutate = useMemo(() => guardedMutate(flight, rawMutate, () => setPressed(true)), [flight, rawMutate]);

  return { ...mutation, mutate, isPending: mutation.isPending || pressed } as ActionResult<TData, TVars, TContext>;
}
