import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@fontsource/press-start-2p/latin-400.css';
import '@fontsource/vt323/latin-400.css';
import './styles.css';
import { App } from './app/app';
import { startServiceWorker } from './lib/app-update';

const root = document.getElementById('root');

// Installable game and offline screen: never under `vite` dev, where files change without a build.
if (import.meta.env.PROD) startServiceWorker();
if (!root) throw new Error('The page has no #root element');

// Installable game and offline screen: never under `vite` dev, where files change without a build.
if (import.meta.env.PROD) startServiceWorker();

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// Installable game and offline screen: never under `vite` dev, where files change without a build.
if (import.meta.env.PROD) startServiceWorker();
