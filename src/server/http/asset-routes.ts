import { readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { assetRoutes } from '@common/api/site';
import { PROJECT_ROOT } from '../paths';
import { notFound } from '../errors';
import type { HttpContext } from './context';
import { serve } from './contract';

export const DEFAULT_ASSET_DIR = join(PROJECT_ROOT, 'assets');

const TYPES: Record<string, string> = { '.svg': 'image/svg+xml', '.png': 'image/png' };

/**
 * `GET /api/assets/{file}`: the game's images. Only names found in the asset folder at start-up
 * are served (anything else, traversal included, is a 404), from memory, cached for a year. The
 * answer is the file's bytes with its own content type, sent as they are (not JSON).
 */
export function registerAssetRoutes(app: FastifyInstance, http: Pick<HttpContext, 'requireUser'>, assetDir = DEFAULT_ASSET_DIR): void {
  const files = new Map<string, { body: Buffer; type: string }>();
  let names: string[] = [];
  try {
    names = readdirSync(assetDir);
  } catch {
    app.log.warn(`no asset folder at ${assetDir}`);
  }
  for (const name of names) {
    const type = TYPES[extname(name).toLowerCase()];
    if (type) files.set(name, { body: readFileSync(`${assetDir}/${name}`), type });
  }

  serve(app, http, assetRoutes.file, async ({ params }, _request, reply) => {
    const asset = files.get(params.file);
    if (!asset) throw notFound('Asset not found');
    void reply.header('Cache-Control', 'public, max-age=31536000, immutable').header('X-Content-Type-Options', 'nosniff').type(asset.type);
    return asset.body;
  });
}
