import { useSyncExternalStore } from 'react';
import { afterFirstPaint } from './after-first-paint';

/**
 * A new build of the game, installed by its service worker while this page runs the old one,
 * waits here until the player takes it ('A new version is available' → Reload). The worker's
 * code (service-worker.ts) loads after the page's `load` and first paint, so the first screen does not carry it.
 */

/** Under the test build the worker is off unless a test turns it on (its pages then set this key). */
export const SERVICE_WORKER_TEST_KEY = 'glitch-arena:service-worker';

let waiting: ServiceWorker | null = null;
const listeners = new Set<() => void>();

function offerUpdate(worker: ServiceWorker): void {
  waiting = worker;
  for (const listener of listeners) listener();
}

function wanted(): boolean {
  if (!('serviceWorker' in navigator)) return false;
  if (import.meta.env.MODE !== 'test') return true;
  try {
    return localStorage.getItem(SERVICE_WORKER_TEST_KEY) === 'on';
  } catch {
    return false;
  }
}

/** Registers the service worker once the page has loaded (production builds only: main.tsx). */
export function startServiceWorker(): void {
  if (!wanted()) return;
  const start = () => {
    import('./service-worker')
      .then(({ registerServiceWorker }) => registerServiceWorker(offerUpdate))
      .catch((err: unknown) => console.warn('The service worker could not be registered:', err));
  };
  // Its script and its precache of the game's files wait for the page to be up.
  const later = () => afterFirstPaint(start);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}

/** True once a new version waits to take over. */
export function useUpdateReady(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => waiting !== null,
    () => false,
  );
}

/** A new worker this page can hand over to: the one offered, or one found by asking now. */
async function waitingWorker(): Promise<ServiceWorker | null> {
  if (waiting) return waiting;
  if (!('serviceWorker' in navigator) || !navigator.serviceWorker.controller) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  await registration?.update().catch(() => undefined);
  return registration?.waiting ?? null;
}

/**
 * How long a waiting worker has to take over before the page reloads anyway. Chromium holds
 * the takeover while the old worker still answers a request of this page; the player who
 * pressed Reload gets a reload either way (the new worker then takes the next page).
 */
export const TAKEOVER_WAIT_MS = 4000;

/**
 * Loads the newest version of the game: a waiting worker is told to take over and the page
 * reloads once it controls it (so the page and its cached files are of the same build), or
 * after TAKEOVER_WAIT_MS at the latest; with no waiting worker, a plain reload. Reloads once.
 */
export async function reloadToNewestVersion(): Promise<void> {
  const worker = await waitingWorker().catch(() => null);
  let reloading = false;
  const reload = () => {
    if (reloading) return;
    reloading = true;
    window.location.reload();
  };
  if (!worker) {
    reload();
    return;
  }
  navigator.serviceWorker.addEventListener('controllerchange', reload, { once: true });
  worker.addEventListener('statechange', () => {
    if (worker.state === 'activated' || worker.state === 'redundant') reload();
  });
  setTimeout(reload, TAKEOVER_WAIT_MS);
  worker.postMessage({ type: 'skip-waiting' });
}

/** A screen's code failed to load (a deploy replaced it): look for the new build's worker now. */
export function checkForNewVersion(): void {
  if (!('serviceWorker' in navigator) || !navigator.serviceWorker.controller) return;
  void navigator.serviceWorker.getRegistration().then((registration) => registration?.update().catch(() => undefined));
}
