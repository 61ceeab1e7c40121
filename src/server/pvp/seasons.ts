import { and, desc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { PvpRankingEntry } from '@common/pvp';
import type { AppContext } from '../context';
import { characters, users } from '../db/schema';
import { domainEvents } from '../db/schema-events';
import { seasonBadges } from '../db/schema-pvp';
import { SEASON_DECAY, SEASON_DEVIATION_GAIN, START_RATING, previousSeason, seasonOf } from '../domain/rating';

/**
 * PvP seasons (DESIGN §4): a season is a calendar month. At the change, the last season's top
 * three keep a badge, and every rating decays halfway back to 1500 (and grows less sure), with the
 * season's record starting again. Run by any instance (an advisory lock lets one do it).
 */

const SEASON_LOCK = 4_204_103;
export const BADGED_PLACES = 3;

/** Closes the seasons before the current one, once: answers whether there was one to close. */
export async function rollSeason(ctx: AppContext): Promise<boolean> {
  const season = seasonOf(ctx.clock.now());
  const rolled = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEASON_LOCK})`);
    const stale = await tx
      .select({ season: characters.ratingSeason })
      .from(characters)
      .where(and(isNotNull(characters.ratingSeason), ne(characters.ratingSeason, season)))
      .groupBy(characters.ratingSeason);
    if (stale.length === 0) return false;
    // The last season's podium (of those who fought in it).
    const last = previousSeason(season);
    const podium = await tx
      .select({ id: characters.id, rating: characters.rating })
      .from(characters)
      .where(and(eq(characters.ratingSeason, last), sql`${characters.pvpWins} + ${characters.pvpLosses} > 0`))
      .orderBy(desc(characters.rating), characters.id)
      .limit(BADGED_PLACES);
    // Every player who fought in it hears of their best place (domain events: notifications).
    await tx.execute(sql`
      insert into ${domainEvents} (type, user_id, payload, created_at)
      select 'SeasonEnded', r.user_id,
        jsonb_build_object('type', 'SeasonEnded', 'userId', r.user_id, 'season', ${last}::text, 'rank', r.rank, 'characterName', r.name, 'rating', round(r.rating)::int),
        ${ctx.clock.now()}::timestamptz
      from (
        select distinct on (user_id) user_id, name, rating, rank
        from (
          select user_id, name, rating, row_number() over (order by rating desc, id) as rank
          from ${characters}
          where rating_season = ${last} and pvp_wins + pvp_losses > 0
        ) ladder
        order by user_id, rank
      ) r`);
    if (podium.length > 0) {
      await tx
        .insert(seasonBadges)
        .values(podium.map((p, i) => ({ season: last, rank: i + 1, characterId: p.id, rating: p.rating, createdAt: ctx.clock.now() })))
        .onConflictDoNothing();
    }
    await tx
      .update(characters)
      .set({
        rating: sql`${START_RATING.rating} + (${characters.rating} - ${START_RATING.rating}) * ${1 - SEASON_DECAY}`,
        ratingDeviation: sql`least(${START_RATING.deviation}, ${characters.ratingDeviation} + ${SEASON_DEVIATION_GAIN})`,
        pvpWins: 0,
        pvpLosses: 0,
        pvpStreak: 0,
        ratingSeason: season,
      })
      .where(and(isNotNull(characters.ratingSeason), ne(characters.ratingSeason, season)));
    return true;
  });
  if (rolled) ctx.outbox.nudge();
  return rolled;
}

/** `GET /api/rankings?category=pvp`: the season's ladder, with the badges of earlier seasons. */
export async function pvpRankings(ctx: AppContext, limit: number): Promise<PvpRankingEntry[]> {
  const { db } = ctx;
  const season = seasonOf(ctx.clock.now());
  const rows = await db
    .select({
      characterId: characters.id,
      characterName: characters.name,
      class: characters.class,
      level: characters.level,
      username: users.username,
      rating: characters.rating,
      deviation: characters.ratingDeviation,
      wins: characters.pvpWins,
      losses: characters.pvpLosses,
    })
    .from(characters)
    .innerJoin(users, eq(users.id, characters.userId))
    .where(and(eq(characters.ratingSeason, season), sql`${characters.pvpWins} + ${characters.pvpLosses} > 0`))
    .orderBy(desc(characters.rating), characters.id)
    .limit(limit);
  const badges = rows.length
    ? await db.select().from(seasonBadges).where(inArray(seasonBadges.characterId, rows.map((r) => r.characterId)))
    : [];
  return rows.map((r, i) => ({
    rank: i + 1,
    ...r,
    rating: Math.round(r.rating),
    deviation: Math.round(r.deviation),
    season,
    badges: badges.filter((b) => b.characterId === r.characterId).map((b) => ({ season: b.season, rank: b.rank })),
  }));
}
