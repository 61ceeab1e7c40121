import type { FastifyInstance } from 'fastify';
import { battleRoutes } from '@common/api/characters';
import * as pve from '../services/pve';
import type { HttpContext } from './context';
import { serve } from './contract';
import { userOf } from './session';

/** PvE: `GET /api/enemy?threat=` rolls and remembers an enemy; `POST /api/battle` fights it. */
export function registerBattleRoutes(app: FastifyInstance, http: HttpContext): void {

  serve(app, http, battleRoutes.enemy, async ({ query }, request) => pve.rollEnemyFor(request.ctx, userOf(request).id, query.threat));

  serve(app, http, battleRoutes.fight, async ({ body }, request) => pve.fight(request.ctx, userOf(request), body.characterId, body.enemyRoll));
}
