import { useEffect, useSyncExternalStore } from 'react';

/**
 * Where the toast area sits: bottom right, or at the top while a screen asks for it (chat, whose
 * Send button is at the bottom of the window on a phone and must stay reachable while a 'slow
 * down' toast shows).
 */
let askers = 0;
const listeners = new Set<() => void>();

function changed(by: number) {
  askers += by;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** While the calling screen is shown, toasts appear at the top of the window. */
export function useToastsAtTop(): void {
  useEffect(() => {
    changed(1);
    return () => changed(-1);
  }, []);
}

/** True while some screen asks for toasts at the top. */
export function useToastsOnTop(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => askers > 0,
    () => false,
  );
}
