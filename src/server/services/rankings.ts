import { asc, desc, eq, gt } from 'drizzle-orm';
import { tierFor, type LeaderboardEntry, type RankingCategory, type RankingEntry } from '@common/game-api';
import type { AppContext } from '../context';
import { characters, users } from '../db/schema';
import { characterValue } from '../domain/progression';

export const LEADERBOARD_SIZE = 50;

/** Top players: best character's level, all wins, score = level × 100 + wins × 10 (one index scan). */
export async function leaderboard(ctx: AppContext): Promise<LeaderboardEntry[]> {
  const ttl = ctx.config.LEADERBOARD_CACHE_MS;
  if (ttl === 0) return readLeaderboard(ctx);
  const now = ctx.clock.now().getTime();
  const cached = leaderboards.get(ctx.db);
  if (cached && now < cached.until) return cached.answer;
  // Players asking at once share one read; a failed read is not kept.
  const answer = readLeaderboard(ctx);
  leaderboards.set(ctx.db, { until: now + ttl, answer });
  answer.catch(() => leaderboards.delete(ctx.db));
  return answer;
}

/** The leaderboard is the same answer for everyone: one read per database and TTL, shared by all. */
const leaderboards = new WeakMap<AppContext['db'], { until: number; answer: Promise<LeaderboardEntry[]> }>();

async function readLeaderboard({ db }: AppContext): Promise<LeaderboardEntry[]> {
  const rows = await db
    .select({
      userId: users.id,
      username: users.username,
      level: users.bestLevel,
      wins: users.totalWins,
      score: users.leaderboardScore,
    })
    .from(users)
    .where(gt(users.bestLevel, 0))
    .orderBy(desc(users.leaderboardScore), asc(users.id))
    .limit(LEADERBOARD_SIZE);
  return rows.map((r, i) => ({ rank: i + 1, ...r, tier: tierFor(r.score) }));
}

const ORDER = {
  level: [desc(characters.level), desc(characters.wins), asc(characters.id)],
  wins: [desc(characters.wins), desc(characters.level), asc(characters.id)],
  overall: [desc(characters.overallScore), asc(characters.id)],
} as const;

/** Characters ranked by level, wins or overall, each order served by its own index. */
export async function rankings({ db }: AppContext, category: RankingCategory, limit: number): Promise<RankingEntry[]> {
  const rows = await db
    .select({
      characterId: characters.id,
      characterName: characters.name,
      class: characters.class,
      characterAvatar: characters.characterAvatar,
      imageSet: characters.imageSet,
      userId: characters.userId,
      username: users.username,
      level: characters.level,
      wins: characters.wins,
      losses: characters.losses,
      isForged: characters.isForged,
      overallScore: characters.overallScore,
    })
    .from(characters)
    .innerJoin(users, eq(users.id, characters.userId))
    .orderBy(...ORDER[category])
    .limit(limit);
  return rows.map(({ isForged, overallScore, ...r }, i) => ({
    rank: i + 1,
    ...r,
    value: characterValue({ ...r, isForged }),
    score: category === 'overall' ? overallScore : r.level * 100 + r.wins * 10,
  }));
}
