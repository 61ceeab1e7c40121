import { sql, type SQL } from 'drizzle-orm';
import { intArray } from '../db/client';
import { characters, type CharacterRow } from '../db/schema';
import { applyExperience, type ExperienceGain } from '../domain/progression';
import type { Rating } from '../domain/rating';

/**
 * What a fought battle does to a character, PvE or PvP, as one row of one statement for every
 * character of a round (DESIGN §4): the experience (the level it reaches and the points that come
 * with it), a win or a loss, and the battle's cooldown; a rated PvP battle also the rating, the
 * season's record and the streak. Levels and experience are written as reached (they were computed
 * from the locked row), points, wins and losses are added.
 */
export interface AfterBattle {
  id: number;
  level: number;
  experience: number;
  stat_points: number;
  skill_points: number;
  wins: number;
  losses: number;
}

/** PvP's part of it: the rating as it is after the game, the season's record and the streak. */
export interface AfterPvpBattle extends AfterBattle {
  rating: number;
  deviation: number;
  volatility: number;
  season: string;
  pvp_wins: number;
  pvp_losses: number;
  streak: number;
}

/** A character's row of the update, and the gain (for the answer and the events). */
export function afterBattle(row: Pick<CharacterRow, 'id' | 'level' | 'experience'>, experience: number, won: boolean): { gain: ExperienceGain; update: AfterBattle } {
  const gain = applyExperience(row, experience);
  return {
    gain,
    update: {
      id: row.id,
      level: gain.level,
      experience: gain.experience,
      stat_points: gain.statPointsGained,
      skill_points: gain.skillPointsGained,
      wins: won ? 1 : 0,
      losses: won ? 0 : 1,
    },
  };
}

/** The PvP row: the shared part, with the rating after the game and the season's record. */
export function afterPvpBattle(row: Pick<CharacterRow, 'ratingSeason' | 'pvpWins' | 'pvpLosses' | 'pvpStreak'>, base: AfterBattle, rating: Rating, season: string): AfterPvpBattle {
  const won = base.wins === 1;
  const sameSeason = row.ratingSeason === season;
  return {
    ...base,
    rating: rating.rating,
    deviation: rating.deviation,
    volatility: rating.volatility,
    season,
    pvp_wins: (sameSeason ? row.pvpWins : 0) + (won ? 1 : 0),
    pvp_losses: (sameSeason ? row.pvpLosses : 0) + (won ? 0 : 1),
    streak: won ? row.pvpStreak + 1 : 0,
  };
}

const SHARED = sql`level = v.level, experience = v.experience, stat_points = ch.stat_points + v.stat_points,
  skill_points = ch.skill_points + v.skill_points, wins = ch.wins + v.wins, losses = ch.losses + v.losses`;
const SHARED_COLUMNS = sql`id int, level int, experience int, stat_points int, skill_points int, wins int, losses int`;
/**
 * The rows' ids as an index condition as well: the planner cannot tell how many rows the JSON
 * holds (it assumes 100), and on a table of a few thousand characters it then read the whole table
 * for every battle's end instead of looking the few up.
 */
const onlyThese = (rows: readonly AfterBattle[]): SQL => sql`and ch.id = any(${intArray(rows.map((r) => r.id))})`;

/** The update of every character of a PvE round (a data-modifying statement for a CTE). */
export function pveAfterBattleUpdate(rows: readonly AfterBattle[], now: Date): SQL {
  return sql`update ${characters} ch set ${SHARED}, last_battle_at = ${now}
    from json_to_recordset(${JSON.stringify(rows)}::json) as v(${SHARED_COLUMNS})
    where ch.id = v.id ${onlyThese(rows)}`;
}

/** The update of every character of the PvP battles settled together (a data-modifying statement for a CTE). */
export function pvpAfterBattleUpdate(rows: readonly AfterPvpBattle[], now: Date): SQL {
  return sql`update ${characters} ch set ${SHARED}, last_pvp_battle_at = ${now},
      rating = v.rating, rating_deviation = v.deviation, rating_volatility = v.volatility, rating_season = v.season,
      pvp_wins = v.pvp_wins, pvp_losses = v.pvp_losses, pvp_streak = v.streak
    from json_to_recordset(${JSON.stringify(rows)}::json)
      as v(${SHARED_COLUMNS}, rating real, deviation real, volatility real, season text, pvp_wins int, pvp_losses int, streak int)
    where ch.id = v.id ${onlyThese(rows)}`;
}
