import type { FastifyInstance } from 'fastify';
import { replayRoutes } from '@common/api/social';
import * as replays from '../services/replays';
import type { HttpContext } from './context';
import { serve } from './contract';
import { userOf } from './session';

/**
 * Replays by link: `GET /api/replays/{id}` (any signed-in player: a replay is for sharing) and a
 * character's last battles, `GET /api/characters/{id}/battles` (the owner's only).
 */
export function registerReplayRoutes(app: FastifyInstance, http: HttpContext): void {
  const { ctx } = http;

  serve(app, http, replayRoutes.replay, async ({ params }) => replays.getReplay(ctx, params.id));

  serve(app, http, replayRoutes.characterBattles, async ({ params }, request) => replays.characterBattles(ctx, userOf(request).id, params.id));
}
