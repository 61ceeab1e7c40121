import type { FastifyInstance } from 'fastify';
import { rankingsQuery } from '@common/requests';
import * as ranking from '../services/rankings';
import type { HttpContext } from './context';
import { parse } from './errors';

/** `GET /api/leaderboard` (top 50 players) and `GET /api/rankings` (characters by category). */
export function registerRankingRoutes(app: FastifyInstance, { db, requireUser }: HttpContext): void {
  const guarded = { preHandler: requireUser };

  app.get('/api/leaderboard', guarded, async () => ranking.leaderboard(db));

  app.get('/api/rankings', guarded, async (request) => {
    const { category, limit } = parse(rankingsQuery, request.query);
    return ranking.rankings(db, category, limit);
  });
}
