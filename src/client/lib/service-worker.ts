/**
 * Registers /sw.js (src/client/pwa/service-worker.js) and reports a new version: a worker that
 * finished installing while an older one controls this page is a new build waiting to take
 * over. Loaded only after the page's `load`, by app-update.ts.
 */

/** How often an open tab asks whether a new build was deployed (also when it becomes visible). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/** Calls `onInstalled` once `worker` has installed, unless it fails first. */
function whenInstalled(worker: ServiceWorker, onInstalled: (worker: ServiceWorker) => void): void {
  if (worker.state === 'installed') {
    onInstalled(worker);
    return;
  }
  const onChange = () => {
    if (worker.state === 'installed') onInstalled(worker);
    if (worker.state !== 'installing') worker.removeEventListener('statechange', onChange);
  };
  worker.addEventListener('statechange', onChange);
}

export async function registerServiceWorker(onUpdate: (waiting: ServiceWorker) => void): Promise<void> {
  const container = navigator.serviceWorker;
  const registration = await container.register('/sw.js', { scope: '/' });
  // The first worker of a page takes control without asking: only a replacement is an update.
  const offer = (worker: ServiceWorker) => {
    if (container.controller) onUpdate(worker);
  };
  if (registration.waiting) offer(registration.waiting);
  if (registration.installing) whenInstalled(registration.installing, offer);
  registration.addEventListener('updatefound', () => {
    if (registration.installing) whenInstalled(registration.installing, offer);
  });
  const check = () => void registration.update().catch(() => undefined);
  setInterval(check, UPDATE_CHECK_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });
}
