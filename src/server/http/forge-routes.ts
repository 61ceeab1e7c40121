import type { FastifyInstance } from 'fastify';
import { changeImageSetBody, forgeBody } from '@common/economy-requests';
import * as forge from '../services/forge';
import * as imageSets from '../services/image-sets';
import type { HttpContext } from './context';
import { parse } from './errors';
import { action } from './idempotency';
import { userOf } from './session';

/** The forge (materials, sets, forging) and the character style (image sets) of SPEC §7. */
export function registerForgeRoutes(app: FastifyInstance, { ctx, requireUser }: HttpContext): void {
  const guarded = { preHandler: requireUser };

  app.get('/api/forge/materials', guarded, async (request) => forge.materials(ctx, userOf(request).id));

  app.get('/api/forge/sets', guarded, async () => forge.sets());

  // 200 whether the roll succeeds or fails: the answer's `success` tells which.
  app.post('/api/forge/create', guarded, async (request) => {
    const { equipmentSet, slot } = parse(forgeBody, request.body);
    return forge.create(action(ctx, request), userOf(request).id, { equipmentSet, slot });
  });

  app.get('/api/character/image-sets', guarded, async (request) => imageSets.list(ctx, userOf(request).id));

  app.post('/api/character/change-image-set', guarded, async (request) => {
    const body = parse(changeImageSetBody, request.body);
    return imageSets.change(action(ctx, request), userOf(request).id, body);
  });
}
