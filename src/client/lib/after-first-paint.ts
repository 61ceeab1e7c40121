import { useSyncExternalStore } from 'react';

/**
 * Whether the page has painted and then had a quiet moment. What a player does not look at first
 * waits for it (the top bar's quest badge, the notification bell and its code, the service
 * worker), so on a slow phone the screen's own code and reads have the network and the main
 * thread to themselves until it is up. Once true, true for the rest of the page's life.
 */
let painted = false;
let scheduled = false;
const waiting = new Set<() => void>();

function finish(): void {
  if (painted) return;
  painted = true;
  for (const run of waiting) run();
  waiting.clear();
}

/**
 * After the next frame, at the main thread's first idle moment; at the latest `LATEST_MS` after
 * asking (a hidden tab paints no frame).
 */
function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  const idle = (run: () => void) =>
    typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS }) : window.setTimeout(run, 50);
  window.requestAnimationFrame(() => window.setTimeout(() => idle(finish), 0));
  window.setTimeout(finish, LATEST_MS);
}
const IDLE_TIMEOUT_MS = 1500;
const LATEST_MS = 3000;

/** Runs `run` once the page has painted and been idle (at once if it has). */
export function afterFirstPaint(run: () => void): void {
  if (painted) return run();
  waiting.add(run);
  schedule();
}

function subscribe(listener: () => void): () => void {
  afterFirstPaint(listener);
  return () => void waiting.delete(listener);
}

const isPainted = () => painted;
const notOnServer = () => false;

/** False until the page has painted and been idle once; the component renders again then. */
export function useAfterFirstPaint(): boolean {
  return useSyncExternalStore(subscribe, isPainted, notOnServer);
}
