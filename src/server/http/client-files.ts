import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../paths';

export const DEFAULT_CLIENT_DIR = join(PROJECT_ROOT, 'dist', 'client');

/**
 * Serves the built client: hashed assets cached for a year, index.html never cached, and
 * index.html for every other non-API path (SPEC §2: any other path shows home).
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
      index: ['index.html'],
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
    return reply.type('text/html').sendFile('index.html');
  });
}
