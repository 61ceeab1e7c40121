import type { FastifyInstance } from 'fastify';
import { rankingsQuery } from '@common/requests';
import * as ranking from '../services/rankings';
import { pvpRankings } from '../services/seasons';
import type { HttpContext } from './context';
import { parse } from './errors';

/** `GET /api/leaderboard` (top 50 players) and `GET /api/rankings` (characters by category). */
export function registerRankingRoutes(app: FastifyInstance, { ctx, requireUser }: HttpContext): void {
  const guarded = { preHandler: requireUser };

  app.get('/api/leaderboard', guarded, async () => ranking.leaderboard(ctx));

  app.get('/api/rankings', guarded, async (request) => {
    const { category, limit } = parse(rankingsQuery, request.query);
    // The PvP ladder is the season's (Glicko-2), with rating, deviation and the season's record.
    if (category === 'pvp') return pvpRankings(ctx, limit);
    return ranking.rankings(ctx, category, limit);
  });
}
