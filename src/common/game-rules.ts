/**
 * Threats, the fair start and the leaderboard's tiers (SPEC §9) as plain data and rules: screens
 * use them without loading zod (game-api.ts holds the answers' schemas).
 */

/**
 * 409 to a Start Battle that names an enemy other than the one the server remembers: another tab
 * or device rolled a newer one since this page showed its enemy.
 */
export const ENEMY_REPLACED_MESSAGE = 'Another tab or device rolled a new enemy. Look this one over, then start again.';

/** How an enemy compares with the fighter: `GET /api/enemy?threat=low|even|high` picks it. */
export const THREATS = ['Low', 'Even', 'High'] as const;
export type Threat = (typeof THREATS)[number];

/**
 * A character's first battles (wins + losses below this) meet enemies tuned for a new fighter,
 * whatever threat is asked for; the threat can be picked after them.
 */
export const FAIR_START_BATTLES = 5;

/**
 * The threat of the enemies of a player who has not picked one (`GET /api/enemy` without
 * `threat`): the one the session simulation of `npm run balance` shows winnable (issue 24).
 */
export const DEFAULT_THREAT: Threat = 'Low';

/** Fights left of the fair start (0 once it is over). */
export function fairStartLeft(character: { wins: number; losses: number }): number {
  return Math.max(0, FAIR_START_BATTLES - character.wins - character.losses);
}

export const TIERS = ['Novice', 'Advanced', 'Expert', 'Master', 'Legendary'] as const;
export type Tier = (typeof TIERS)[number];

/** SPEC §9 tiers by leaderboard score. */
export function tierFor(score: number): Tier {
  if (score >= 2000) return 'Legendary';
  if (score >= 1500) return 'Master';
  if (score >= 1000) return 'Expert';
  if (score >= 500) return 'Advanced';
  return 'Novice';
}

export const RANKING_CATEGORIES = ['level', 'wins', 'overall'] as const;
export type RankingCategory = (typeof RANKING_CATEGORIES)[number];
