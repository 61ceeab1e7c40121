import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import '@fontsource/press-start-2p/latin-400.css';
import '@fontsource/vt323/latin-400.css';
import './styles.css';
import { App } from './app/app';
import { holdsWrittenLogin, restoreTyped, takeTyped, type Typed } from './app/prerendered';
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

/** Renders the game over the screen the build wrote into the page, keeping what was typed there. */
function render(container: HTMLElement, typed: Typed | undefined): void {
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  const reactRoot = createRoot(container);
  if (!typed) {
    reactRoot.render(app);
    return;
  }
  // At once, so the typed values go into the rendered form before the player types on.
  flushSync(() => reactRoot.render(app));
  restoreTyped(container, typed);
}

// The page shows the login screen the build wrote into it: its code is in before the first
// render, so the render puts the same screen over it rather than a loading state. (Not a
// top-level await: the bundler would then split the shell's modules into many small files.)
if (holdsWrittenLogin(root)) {
  void loadLoginScreen().then(() => render(root, takeTyped(root)));
} else {
  render(root, undefined);
}
