/* The game's service worker. The build (scripts/pwa/plugin.ts) writes it to /sw.js after two
 * lines that set VERSION and PRECACHE, the files of that build (src/client/lib/precache-list.ts).
 * - install: stores PRECACHE in a cache named after VERSION; the new worker then waits until
 *   the page asks it to take over (the 'A new version is available' prompt), or every tab closes.
 * - activate: drops the caches of older versions and takes control of open pages.
 * - /assets/* (content-hashed, never changing) and the other files of PRECACHE (icons, manifest,
 *   which the offline screen needs too): cache first, the network on a miss.
 * - navigations: the network first; without a network, the offline screen.
 * - /api and /ws are never touched: game data is always live. */

/* global VERSION, PRECACHE */
const CACHE = `glitch-arena-${VERSION}`;
const OFFLINE_PAGE = '/offline.html';
const PRECACHED = new Set(PRECACHE);

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(PRECACHE)));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name.startsWith('glitch-arena-') && name !== CACHE).map((name) => caches.delete(name)));
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  // waitUntil keeps this worker running until the browser has taken the request.
  if (event.data && event.data.type === 'skip-waiting') event.waitUntil(self.skipWaiting());
});

async function cacheFirst(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const copy = response.clone();
    void caches.open(CACHE).then((cache) => cache.put(request, copy));
  }
  return response;
}

async function networkFirst(request) {
  try {
    return await fetch(request);
  } catch {
    return (await caches.match(OFFLINE_PAGE)) ?? Response.error();
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (/^\/(api|ws)(\/|$)/.test(url.pathname)) return;
  if (request.mode === 'navigate') event.respondWith(networkFirst(request));
  else if (url.pathname.startsWith('/assets/') || PRECACHED.has(url.pathname)) event.respondWith(cacheFirst(request));
});
