import { useSyncExternalStore } from 'react';
import { useSettings } from './settings';

const QUERY = '(prefers-reduced-motion: reduce)';

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia(QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/** True when the system asks for less motion. */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(QUERY).matches,
    () => false,
  );
}

/**
 * True when the player asked for less motion: the system's prefers-reduced-motion or the game's
 * own 'Reduce flicker' setting. Screens then show still states instead of moves and flashes.
 */
export function useReducedMotion(): boolean {
  const prefers = usePrefersReducedMotion();
  const { reduceFlicker } = useSettings();
  return prefers || reduceFlicker;
}

