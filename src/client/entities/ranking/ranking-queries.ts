import type { PvpRankingEntry, RankingEntry } from '@common/game-api';
import type { RankingCategory } from '@common/game-rules';
import { api } from '@client/lib/endpoints';

/**
 * The two answers of `GET /api/rankings`: a category's characters, or the season's PvP ladder
 * for `category=pvp`. Each reader keeps the entries of the kind it asked for.
 */

/** `GET /api/rankings?category=&limit=`: characters by overall score, level or wins, best first. */
export async function fetchRanking(category: RankingCategory, limit: number, signal?: AbortSignal): Promise<RankingEntry[]> {
  const entries = await api.rankings.rankings({ query: { category, limit } }, { signal });
  return entries.filter((e): e is RankingEntry => 'score' in e);
}

/** `GET /api/rankings?category=pvp&limit=`: the season's ladder (rating, deviation, record, badges). */
export async function fetchPvpLadder(limit: number, signal?: AbortSignal): Promise<PvpRankingEntry[]> {
  const entries = await api.rankings.rankings({ query: { category: 'pvp', limit } }, { signal });
  return entries.filter((e): e is PvpRankingEntry => 'season' in e);
}
