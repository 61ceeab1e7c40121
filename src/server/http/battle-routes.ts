import type { FastifyInstance } from 'fastify';
import { battleBody, enemyQuery } from '@common/requests';
import * as pve from '../services/pve';
import type { HttpContext } from './context';
import { parse } from './errors';
import { userOf } from './session';

/** PvE: `GET /api/enemy?threat=` rolls and remembers an enemy; `POST /api/battle` fights it. */
export function registerBattleRoutes(app: FastifyInstance, { ctx, requireUser }: HttpContext): void {
  const guarded = { preHandler: requireUser };

  app.get('/api/enemy', guarded, async (request) => {
    const { threat } = parse(enemyQuery, request.query);
    return pve.rollEnemyFor(ctx, userOf(request).id, threat);
  });

  app.post('/api/battle', guarded, async (request) => {
    const { characterId } = parse(battleBody, request.body);
    return pve.fight(ctx, userOf(request), characterId);
  });
}
