import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { precacheList, type BuiltFile } from '../../src/client/lib/precache-list.ts';

const PWA_DIR = fileURLToPath(new URL('../../src/client/pwa/', import.meta.url));

/** The palette's void (src/client/styles.css), behind the icons and the splash screen. */
const THEME_COLOUR = '#07070d';

export const ICON_FILES = ['icon-192.png', 'icon-512.png', 'icon-maskable-512.png'] as const;

/** The web app manifest (the name, icons and colours an installed game opens with). */
export function webManifest(): string {
  return `${JSON.stringify(
    {
      name: 'Glitch Arena',
      short_name: 'Glitch Arena',
      description: 'A pixel-art fighting game. Battle, trade and forge your way to the top.',
      id: '/',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      orientation: 'any',
      background_color: THEME_COLOUR,
      theme_color: THEME_COLOUR,
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    null,
    2,
  )}\n`;
}

/** The offline screen with the build's hashed font files, which the worker has cached. */
function offlinePage(assetNames: readonly string[]): string {
  const font = (pattern: RegExp) => {
    const name = assetNames.find((n) => pattern.test(n));
    if (!name) throw new Error(`the build has no font matching ${pattern}`);
    return `/${name}`;
  };
  return readFileSync(join(PWA_DIR, 'offline.html'), 'utf8')
    .replace('%PIXEL_FONT%', font(/^assets\/press-start-2p-latin-400-normal-.*\.woff$/))
    .replace('%BODY_FONT%', font(/^assets\/vt323-latin-400-normal-.*\.woff$/));
}

/**
 * Vite plugin: once the build is written, adds the installable game's files beside it (the
 * manifest, its icons, the offline screen) and `sw.js`, whose list of files to cache is this
 * build's own (src/client/lib/precache-list.ts). Runs before the files are precompressed.
 */
export function progressiveWebApp(): Plugin {
  return {
    name: 'glitch-pwa',
    apply: 'build',
    writeBundle(options, bundle) {
      const outDir = options.dir as string;
      const built: BuiltFile[] = Object.values(bundle).map((file) => ({
        fileName: file.fileName,
        source: file.type === 'chunk' ? file.code : file.source,
      }));
      const extra: BuiltFile[] = [
        { fileName: 'manifest.webmanifest', source: webManifest() },
        { fileName: 'offline.html', source: offlinePage(built.map((f) => f.fileName)) },
        ...ICON_FILES.map((name) => ({ fileName: `icons/${name}`, source: readFileSync(join(PWA_DIR, name)) })),
      ];
      mkdirSync(join(outDir, 'icons'), { recursive: true });
      for (const file of extra) writeFileSync(join(outDir, file.fileName), file.source);
      const { urls, version } = precacheList([...built, ...extra]);
      const worker = readFileSync(join(PWA_DIR, 'service-worker.js'), 'utf8');
      writeFileSync(join(outDir, 'sw.js'), `const VERSION = ${JSON.stringify(version)};\nconst PRECACHE = ${JSON.stringify(urls)};\n${worker}`);
      this.info(`service worker ${version}: ${urls.length} files to cache`);
    },
  };
}
