import { startTransition, StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import './styles.css';
import { App } from './app/app';
import { holdsWrittenLogin, keepTypedValues } from './app/prerendered';
import { loadLoginScreen } from './app/routes';
import { startServiceWorker } from './lib/app-update';

const root = document.getElementById('root');

// zod (loaded later, with the first socket) parses without compiling code: its check whether
// compiling is allowed is a `new Function` that the game's CSP (script-src 'self') refuses, and
// the browser reports that as a violation on every signed-in screen even though zod catches it.
// zod reads this global when its chunk loads; setting it here keeps zod out of the entry chunk.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };

if (!root) throw new Error('The page has no #root element');

// Installable game and offline screen: never under `vite` dev, where files change without a build.
if (import.meta.env.PROD) startServiceWorker();

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

/** Calls `done` once its children are on the page (after the hydration that put them there). */
function OnceShown({ done, children }: { done: () => void; children: ReactNode }) {
  useEffect(done, [done]);
  return children;
}

/**
 * The written login screen is hydrated, not rendered again: React takes over the markup the build
 * wrote (the same tree, prerender.tsx) without building and laying out a second page (rendered
 * over the written page, the render was one task of 430-940 ms after the first paint on a phone at
 * 4x CPU).
 * The focus stays on its element; what was typed reaches the form's state once it is hydrated.
 */
function hydrateLogin(container: HTMLElement): void {
  const done = () => {
    keepTypedValues(container);
    // The page is React's now (what the written-page tests wait for).
    delete container.dataset.shell;
  };
  // Not in a transition: a tap on the written page (the Register tab) is lost until the page is
  // hydrated, so hydration runs at once, in the task after the login screen's code is in.
  hydrateRoot(
    container,
    <OnceShown done={done}>{app}</OnceShown>,
    // A screen that differs from the written one is rendered anew by React; said, not thrown.
    { onRecoverableError: (error) => console.warn('The login screen differed from the one in the page', error) },
  );
}

// The page shows the login screen the build wrote into it: its code is in before the page is
// hydrated. (Not a top-level await: the bundler would then split the shell's modules into many small files.)
if (holdsWrittenLogin(root)) {
  void loadLoginScreen().then(() => hydrateLogin(root));
} else {
  startTransition(() => createRoot(root).render(app));
}
