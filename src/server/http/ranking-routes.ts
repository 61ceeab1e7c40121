import type { FastifyInstance } from 'fastify';
import { rankingRoutes } from '@common/api/social';
import * as ranking from '../services/rankings';
import { pvpRankings } from '../pvp/seasons';
import type { HttpContext } from './context';
import { serve } from './contract';

/** `GET /api/leaderboard` (top 50 players) and `GET /api/rankings` (characters by category). */
export function registerRankingRoutes(app: FastifyInstance, http: HttpContext): void {

  serve(app, http, rankingRoutes.leaderboard, async (_, request) => ranking.leaderboard(request.ctx));

  serve(app, http, rankingRoutes.rankings, async ({ query: { category, limit } }, request) => {
    // The PvP ladder is the season's (Glicko-2), with rating, deviation and the season's record.
    if (category === 'pvp') return pvpRankings(request.ctx, limit);
    return ranking.rankings(request.ctx, category, limit);
  });
}
