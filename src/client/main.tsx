import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@fontsource/press-start-2p/latin-400.css';
import '@fontsource/vt323/latin-400.css';
import './styles.css';
import { App } from './app/app';
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

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
