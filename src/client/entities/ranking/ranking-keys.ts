import type { RankingCategory } from '@common/game-rules';

/** Query keys of the leaderboard and the arena rankings (a key is also the URL it reads). */
export const rankingKeys = {
  /** `GET /api/leaderboard`: the top players. */
  leaderboard: ['/api/leaderboard'] as const,
  /** `GET /api/rankings`: the prefix of every ranking list. */
  rankings: ['/api/rankings'] as const,
  /** `GET /api/rankings?category=&limit=`: one ranking list. */
  ranking: (category: RankingCategory, limit: number) => ['/api/rankings', { category, limit }] as const,
  /** `GET /api/rankings?category=pvp&limit=`: the season's PvP ladder (rating, deviation, record, badges). */
  pvp: (limit: number) => ['/api/rankings', { category: 'pvp', limit }] as const,
};
