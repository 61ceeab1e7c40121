import { useSyncExternalStore } from 'react';

/**
 * Recovery codes the register answer carried, kept in memory (never stored) until the player
 * says they saved them: the banner above the screens shows them once.
 */
let fresh: string[] | null = null;
const listeners = new Set<() => void>();

function set(codes: string[] | null): void {
  fresh = codes;
  for (const listener of listeners) listener();
}

export const keepFreshRecoveryCodes = (codes: string[]) => set(codes);
export const forgetFreshRecoveryCodes = () => set(null);

export function useFreshRecoveryCodes(): string[] | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => fresh,
    () => null,
  );
}
