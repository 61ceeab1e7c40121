import type { FastifyInstance } from 'fastify';
import { forgeRoutes } from '@common/api/economy';
import * as forge from '../services/forge';
import * as imageSets from '../services/image-sets';
import type { HttpContext } from './context';
import { serve } from './contract';
import { action } from './idempotency';
import { userOf } from './session';

/** The forge (materials, sets, forging) and the character style (image sets) of SPEC §7. */
export function registerForgeRoutes(app: FastifyInstance, http: HttpContext): void {

  serve(app, http, forgeRoutes.materials, async (_, request) => forge.materials(request.ctx, userOf(request).id));

  serve(app, http, forgeRoutes.sets, async () => forge.sets());

  // 200 whether the roll succeeds or fails: the answer's `success` tells which.
  serve(app, http, forgeRoutes.create, async ({ body: { equipmentSet, slot } }, request) =>
    forge.create(action(request.ctx, request), userOf(request).id, { equipmentSet, slot }),
  );

  serve(app, http, forgeRoutes.imageSets, async (_, request) => imageSets.list(request.ctx, userOf(request).id));

  serve(app, http, forgeRoutes.changeImageSet, async ({ body }, request) => imageSets.change(action(request.ctx, request), userOf(request).id, body));
}
