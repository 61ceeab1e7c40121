import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { inlineEntryCss } from './scripts/inline-css.ts';
import { precompress } from './scripts/precompress.ts';
import { prerenderShell } from './scripts/prerender-shell.ts';
import { progressiveWebApp } from './scripts/pwa/plugin.ts';
import { messageShapeLiteral } from './scripts/message-shape.ts';
import { routeTableLiteral } from './scripts/route-table.ts';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  root: r('./src/client'),
  publicDir: false,
  plugins: [react(), tailwindcss(), routeTableLiteral(), messageShapeLiteral(), inlineEntryCss(), prerenderShell(), progressiveWebApp(), precompress()],
  resolve: {
    alias: [
      { find: '@common', replacement: r('./src/common') },
      { find: '@client', replacement: r('./src/client') },
      // React's own, not the shim for React before 18 (src/client/lib/sync-external-store.ts).
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: r('./src/client/lib/sync-external-store.ts') },
    ],
  },
  build: {
    outDir: r('./dist/client'),
    emptyOutDir: true,
    sourcemap: false,
    // No modulepreload polyfill: browsers have preloaded modules themselves since 2023 (Chrome 66,
    // Firefox 115, Safari 17); an older one still loads every module, only without the early
    // fetch. The polyfill was 0.2 KiB (compressed) of the login screen's own script.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // The UI kit, lib, entities and shared modules run nothing when imported: a screen that
      // imports one component of the kit's index does not load the rest of the kit.
      treeshake: { moduleSideEffects: (id: string) => !/[\\/]src[\\/](client[\\/](ui|lib|entities)|common)[\\/][^.]+\.tsx?$/.test(id) },
      // Needed by the inlining of small common chunks below (a chunk's unused exports may go).
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          // Shared modules under 20 KB of source travel inside the screens that use them rather
          // than as files of their own (one registry keeps one instance and one state of each).
          // A phone on slow 4G opens a signed-in screen with 11-18 requests instead of 26-68:
          // /characters 50 -> 12 files, 110.9 -> 106.1 KiB, Lighthouse mobile LCP 3.37 -> 2.38 s.
          // Style modules stay in their own chunks, whose CSS Vite emits once.
          experimentalInlineCommonChunks: { maxSize: 20_000, exclude: /\.css(\?|$)/ },
          groups: [
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:5000',
      '/ws': { target: 'ws://localhost:5000', ws: true },
    },
  },
});
