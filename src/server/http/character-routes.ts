import type { FastifyInstance } from 'fastify';
import { allocateStatsBody, createCharacterBody } from '@common/characters';
import * as characters from '../services/characters';
import type { HttpContext } from './context';
import { parse, parseId } from './errors';
import { action } from './idempotency';
import { userOf } from './session';

/** Characters of SPEC §7: list, current, create, progression, stat points. */
export function registerCharacterRoutes(app: FastifyInstance, { ctx, requireUser }: HttpContext): void {
  const guarded = { preHandler: requireUser };

  app.get('/api/characters', guarded, async (request) => characters.listCharacters(ctx, userOf(request).id));

  app.get('/api/character', guarded, async (request) => characters.currentCharacter(ctx, userOf(request).id));

  app.post('/api/characters', guarded, async (request, reply) => {
    const body = parse(createCharacterBody, request.body);
    const created = await characters.createCharacter(action(ctx, request, 201), userOf(request).id, body);
    return reply.status(201).send(created);
  });

  app.get('/api/characters/:id/progression', guarded, async (request) =>
    characters.progression(ctx, userOf(request).id, parseId(request.params)),
  );

  app.post('/api/characters/:id/allocate-stats', guarded, async (request) => {
    const id = parseId(request.params);
    const body = parse(allocateStatsBody, request.body);
    return characters.spendStatPoints(action(ctx, request), userOf(request).id, id, body);
  });
}
