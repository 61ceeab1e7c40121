import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { modulePreloadScript } from '../src/common/module-preloads.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** The screens' tables: the login screen's (routes.tsx) and the signed-in screens' (game-routes.tsx). */
const ROUTE_TABLES = ['src/client/app/routes.tsx', 'src/client/app/game-routes.tsx'].map((file) => join(ROOT, file));
/** The signed-in frame (top bar, the screens' table): every signed-in page preloads it with its screen. */
const SIGNED_IN_FRAME = 'src/client/app/signed-in.tsx';

/**
 * The page of each signed-in screen, by the first segment of its path (`screens/<key>.html`;
 * `/` is `home`). The server sends it to a browser that holds the session hint
 * (src/server/http/client-files.ts); everyone else gets index.html, the login screen.
 */
export const screenPageKey = (path: string): string => path.split('/')[1] || 'home';

/**
 * What every signed-in screen asks first (the player, then their characters): the page asks for
 * both while its scripts load, and the screen's own calls take the answers.
 */
export const SIGNED_IN_PRELOADS = ['/api/user', '/api/characters'] as const;

/** The route tables' source, one after the other. */
export const routeTablesSource = (): string => ROUTE_TABLES.map((file) => readFileSync(file, 'utf8')).join('\n');

/** The screens of the route tables' source: the module each one's code comes from, by path ('auth' for the login screen). */
export function screenModules(source: string): Map<string, string> {
  const screens = new Map<string, string>();
  const calls = source.match(/=\s*page\(/g)?.length ?? 0;
  for (const m of source.matchAll(/\bpage\(\(\) => import\('@client\/([^']+)'\), '\w+', (?:'([^']+)'|AUTH_SCREEN, true)\)/g)) {
    screens.set(m[2] ?? 'auth', `src/client/${m[1]}.tsx`);
  }
  if (screens.size !== calls) throw new Error(`prerender-shell: read ${screens.size} screens of ${calls} in routes.tsx`);
  return screens;
}

/** Every chunk `fileName` imports statically, itself included. */
function closure(bundle: OutputBundle, fileName: string, into = new Set<string>()): Set<string> {
  if (into.has(fileName)) return into;
  into.add(fileName);
  const chunk = bundle[fileName];
  if (chunk?.type === 'chunk') for (const dep of chunk.imports) closure(bundle, dep, into);
  return into;
}

/** Renders the login and loading screens with the client's own components (src/client/app/prerender.tsx). */
async function renderScreens(): Promise<{ login: string; loading: string }> {
  const dir = join(ROOT, 'node_modules/.cache/glitch-prerender');
  mkdirSync(dir, { recursive: true });
  const outfile = join(dir, `prerender-${process.pid}-${Date.now()}.mjs`);
  await build({
    absWorkingDir: ROOT,
    entryPoints: ['src/client/app/prerender.tsx'],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    jsx: 'automatic',
    tsconfig: 'tsconfig.json',
    define: { 'import.meta.env.PROD': 'true', 'import.meta.env.DEV': 'false', 'import.meta.env.MODE': '"production"' },
    loader: { '.css': 'empty' },
    logLevel: 'warning',
  });
  try {
    const module = (await import(pathToFileURL(outfile).href)) as { renderLoginScreen(): Promise<string>; renderLoadingScreen(): string };
    return { login: await module.renderLoginScreen(), loading: module.renderLoadingScreen() };
  } finally {
    rmSync(outfile, { force: true });
  }
}

const preloadLinks = (files: Iterable<string>) => [...files].map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`).join('\n    ');

/**
 * A signed-in page's module preloads, the shell's and its screen's, started by one inline script
 * where the first of them was, above the inline styles (src/common/module-preloads.ts).
 */
function preloadsFromScript(html: string): string {
  const hrefs = new Set<string>();
  const MARK = '<!--module-preloads-->';
  const out = html.replace(/<link rel="modulepreload" crossorigin href="([^"]+)">(\n\s*)?/g, (_link, href: string) => {
    const first = hrefs.size === 0;
    hrefs.add(href);
    return first ? `${MARK}\n    ` : '';
  });
  if (hrefs.size === 0) throw new Error('prerender-shell: a signed-in page without module preloads');
  return out.replace(MARK, modulePreloadScript([...hrefs]));
}

/**
 * The login page paints from its own markup, inline styles and fonts: its scripts (the entry and
 * every module it or the screen preloads) are fetched after those, at low priority. A signed-in
 * screen's content needs its scripts, which keep their priority.
 */
const scriptsAtLowPriority = (html: string) =>
  html.replace(/<(script type="module"|link rel="modulepreload") crossorigin (src|href)=/g, '<$1 crossorigin fetchpriority="low" $2=');

/**
 * Vite plugin: the first paint no longer waits for the scripts, and a screen's code no longer
 * waits for the shell's to run.
 * - index.html (nobody signed in) holds the login screen, rendered at build by the client's own
 *   components, and preloads the login screen's code.
 * - `screens/<key>.html`, one per signed-in screen, hold the loading screen, preload that
 *   screen's code and ask for the player and their characters at once (SIGNED_IN_PRELOADS).
 * main.tsx renders the same screens over the markup and keeps what was typed in it.
 */
export function prerenderShell(): Plugin {
  return {
    name: 'glitch-prerender-shell',
    apply: 'build',
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        const html = bundle['index.html'];
        if (html?.type !== 'asset') throw new Error('prerender-shell: the bundle has no index.html');
        const template = typeof html.source === 'string' ? html.source : new TextDecoder().decode(html.source);
        if (!template.includes('<div id="root"></div>')) throw new Error('prerender-shell: index.html has no empty #root');
        const chunks = Object.values(bundle).filter((f): f is OutputChunk => f.type === 'chunk');
        const entry = chunks.find((c) => c.isEntry);
        if (!entry) throw new Error('prerender-shell: no entry chunk');
        const inPage = closure(bundle, entry.fileName);
        // A screen's chunk: the one its module is the face of, or (when the bundler put the module
        // in a chunk it shares with the screen's own lazy parts) the loaded chunk that holds it.
        const loadedLater = new Set(chunks.flatMap((c) => c.dynamicImports));
        const codeOf = (module: string) => {
          const id = join(ROOT, module);
          const chunk = chunks.find((c) => c.facadeModuleId === id) ?? chunks.find((c) => loadedLater.has(c.fileName) && c.moduleIds.includes(id));
          if (!chunk) throw new Error(`prerender-shell: no chunk for ${module}`);
          return [...closure(bundle, chunk.fileName)].filter((f) => !inPage.has(f));
        };
        const { login, loading } = await renderScreens();
        const page = (shell: string, markup: string, head: string) =>
          template.replace('</head>', `  ${head}\n  </head>`).replace('<div id="root"></div>', `<div id="root" data-shell="${shell}">${markup}</div>`);
        const screens = screenModules(routeTablesSource());
        const frame = codeOf(SIGNED_IN_FRAME);
        const fetches = SIGNED_IN_PRELOADS.map((url) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${url}">`).join('\n    ');
        for (const [path, module] of screens) {
          if (path === 'auth') {
            html.source = scriptsAtLowPriority(page('login', login, preloadLinks(codeOf(module))));
            continue;
          }
          this.emitFile({
            type: 'asset',
            fileName: `screens/${screenPageKey(path)}.html`,
            source: preloadsFromScript(page('loading', loading, `${fetches}\n    ${preloadLinks(new Set([...frame, ...codeOf(module)]))}`)),
          });
        }
      },
    },
  };
}
