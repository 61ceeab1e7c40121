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

  serve(app, http, replayRoutes.replay, async ({ params }, request) => replays.getReplay(request.ctx, params.id));

  serve(app, http, replayRoutes.characterBattles, async ({ params }, request) => replays.characterBattles(request.ctx, userOf(request).id, params.id));
}
