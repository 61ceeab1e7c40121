import { useSyncExternalStore } from 'react';

/**
 * Whether the page has painted its first screen (not the loading frame around it) and then had
 * a quiet moment. What a player does not look at first waits for it (the top bar's quest badge,
 * the notification bell and its code, the service worker), so on a slow phone the screen's own
 * code, reads and pictures have the network and the main thread to themselves until it is up.
 * Once true, true for the rest of the page's life.
 */
let painted = false;
let shown = false;
let scheduled = false;
let fallback = false;
const waiting = new Set<() => void>();

function finish(): void {
  if (painted) return;
  painted = true;
  for (const run of waiting) run();
  waiting.clear();
}

/** After the next frame, at the main thread's first idle moment. */
function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  const idle = (run: () => void) =>
    typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS }) : window.setTimeout(run, 50);
  window.requestAnimationFrame(() => window.setTimeout(() => idle(finish), 0));
}
const IDLE_TIMEOUT_MS = 1500;

/**
 * A screen is on the page (routes.tsx calls this once a screen's content is committed): what
 * waits goes after its frame.
 */
export function screenShown(): void {
  if (shown) return;
  shown = true;
  if (waiting.size) schedule();
}

/**
 * Runs `run` once the first screen has painted and the page was idle (at once if it has); at the
 * latest `LATEST_MS` after the first wait (a screen that never shows, a hidden tab that paints no frame).
 */
export function afterFirstPaint(run: () => void): void {
  if (painted) return run();
  waiting.add(run);
  if (shown) schedule();
  if (!fallback) {
    fallback = true;
    window.setTimeout(finish, LATEST_MS);
  }
}
const LATEST_MS = 4000;

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
