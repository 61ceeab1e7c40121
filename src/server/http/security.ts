import { createHash } from 'node:crypto';
import { MODULE_PRELOAD_SCRIPT } from '@common/module-preloads';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { forbidden } from '../errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The request's own origin as the browser would write it, e.g. http://localhost:5000. */
export function ownOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

export function isAllowedOrigin(config: Config, request: FastifyRequest, origin: string): boolean {
  return origin === ownOrigin(request) || config.ALLOWED_ORIGINS.includes(origin);
}

/**
 * State-changing requests from a foreign page are refused (DESIGN §4): an `Origin` that is not
 * ours or listed in ALLOWED_ORIGINS, or a browser saying `Sec-Fetch-Site: cross-site`.
 */
export function registerOriginCheck(app: FastifyInstance, config: Config): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin !== undefined && !isAllowedOrigin(config, request, origin)) {
      throw forbidden('Cross-origin request refused');
    }
    if (origin === undefined && request.headers['sec-fetch-site'] === 'cross-site') {
      throw forbidden('Cross-origin request refused');
    }
  });
}

/**
 * Scripts a page may run: its own files, and the one inline script of the signed-in pages (the
 * same text on every page, allowed by its hash: src/common/module-preloads.ts).
 */
export const SCRIPT_SOURCES = ["'self'", `'sha256-${createHash('sha256').update(MODULE_PRELOAD_SCRIPT).digest('base64')}'`];
