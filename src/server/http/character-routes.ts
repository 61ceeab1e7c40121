import type { FastifyInstance } from 'fastify';
import { characterRoutes } from '@common/api/characters';
import * as characters from '../services/characters';
import type { HttpContext } from './context';
import { serve } from './contract';
import { action } from './idempotency';
import { userOf } from './session';

/** Characters of SPEC §7: list, current, create, progression, stat points. */
export function registerCharacterRoutes(app: FastifyInstance, http: HttpContext): void {

  serve(app, http, characterRoutes.list, async (_, request) => characters.listCharacters(request.ctx, userOf(request).id));

  serve(app, http, characterRoutes.current, async (_, request) => characters.currentCharacter(request.ctx, userOf(request).id));

  serve(app, http, characterRoutes.create, async ({ body }, request) => characters.createCharacter(action(request.ctx, request, 201), userOf(request).id, body));

  serve(app, http, characterRoutes.progression, async ({ params }, request) => characters.progression(request.ctx, userOf(request).id, params.id));

  serve(app, http, characterRoutes.allocateStats, async ({ params, body }, request) =>
    characters.spendStatPoints(action(request.ctx, request), userOf(request).id, params.id, body),
  );
}
