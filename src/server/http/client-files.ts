import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { join } from 'node:path';
import { SESSION_HINT_COOKIE } from '@common/constants';
import { PROJECT_ROOT } from '../paths';

export const DEFAULT_CLIENT_DIR = join(PROJECT_ROOT, 'dist', 'client');

/**
 * The page for a screen's path: a browser that holds the session hint gets the signed-in
 * screen's own page (`screens/<first segment>.html`, home for any other path), which preloads
 * that screen's code and the player's data; anyone else gets index.html, the login screen
 * (scripts/prerender-shell.ts writes both).
 */
function pageFor(request: FastifyRequest, path: string, clientDir: string): string {
  const cookies = request.cookies as Record<string, string | undefined> | undefined;
  const hinted = cookies?.[SESSION_HINT_COOKIE] === '1' || cookies?.[`__Host-${SESSION_HINT_COOKIE}`] === '1';
  if (!hinted) return 'index.html';
  const segment = path.split('/')[1] ?? '';
  const screen = /^[a-z][a-z-]*$/.test(segment) ? `screens/${segment}.html` : 'screens/home.html';
  if (existsSync(join(clientDir, screen))) return screen;
  return existsSync(join(clientDir, 'screens/home.html')) ? 'screens/home.html' : 'index.html';
}

/**
 * Serves the built client: hashed assets cached for a year, index.html never cached, and
 * a page for every other non-API path (SPEC §2: any other path shows home; pageFor).
 * Unknown /api/* paths answer a JSON 404. Text files go out as the brotli or gzip copies the
 * build wrote beside them (`x.js.br`, `x.js.gz`, scripts/precompress.ts) when the request
 * accepts one, with `Content-Encoding` and `Vary: Accept-Encoding`; nothing is compressed per
 * request.
 */
export async function registerClientFiles(app: FastifyInstance, clientDir: string): Promise<void> {
  const built = existsSync(`${clientDir}/index.html`);
  if (built) {
    await app.register(fastifyStatic, {
      root: clientDir,
      // Files are looked up per request, so a rebuild is served without a restart.
      wildcard: true,
      // The pages (index.html for / too) go out through the not-found handler, which picks one by the session hint.
      index: false,
      // A folder's path ('/', '/assets/') is a page's too: without this, a request accepting no
      // compressed copy got the file server's 403 for a folder.
      allowedPath: (pathName) => !pathName.endsWith('/'),
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, path) {
        const immutable = /[\\/]assets[\\/]/.test(path);
        res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path === '/api' || path.startsWith('/api/') || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ message: 'Not found' });
    }
    if (/^\/assets\/.+\.[a-z0-9]+$/i.test(path)) return reply.status(404).send({ message: 'Not found' });
    if (!built) {
      return reply.status(503).send({ message: 'The game client is not built yet: run npm run build' });
    }
    reply.header('Cache-Control', 'no-cache');
    // The page depends on the session hint cookie.
    reply.header('Vary', 'Cookie');
    return reply.type('text/html').sendFile(pageFor(request, path, clientDir));
  });
}
