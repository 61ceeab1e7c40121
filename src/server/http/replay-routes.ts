import type { FastifyInstance } from 'fastify';
import * as replays from '../services/replays';
import type { HttpContext } from './context';
import { parseId } from './errors';
import { userOf } from './session';

/**
 * Replays by link: `GET /api/replays/{id}` (any signed-in player: a replay is for sharing) and a
 * character's last battles, `GET /api/characters/{id}/battles` (the owner's only).
 */
export function registerReplayRoutes(app: FastifyInstance, { ctx, requireUser }: HttpContext): void {
  const guarded = { preHandler: requireUser };

  app.get('/api/replays/:id', guarded, async (request) => replays.getReplay(ctx, parseId(request.params)));

  app.get('/api/characters/:id/battles', guarded, async (request) =>
    replays.characterBattles(ctx, userOf(request).id, parseId(request.params)),
  );
}
