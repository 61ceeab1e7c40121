/**
 * PvP ratings (DESIGN §4): Glicko-2 per character (Glickman, "Example of the Glicko-2 system",
 * 2013), one game at a time, and monthly seasons. Pure.
 */

export interface Rating {
  /** Glicko scale: 1500 at the start. */
  rating: number;
  /** Rating deviation: 350 at the start (how unsure the rating is); shown as ±. */
  deviation: number;
  volatility: number;
}

export const START_RATING: Readonly<Rating> = Object.freeze({ rating: 1500, deviation: 350, volatility: 0.06 });

/** The system constant: how much volatility may change (0.3-1.2; smaller is steadier). */
const TAU = 0.5;
const SCALE = 173.7178;
const EPSILON = 0.000001;
/** A deviation never drops below this, so a rating keeps moving. */
const MIN_DEVIATION = 30;

const g = (phi: number) => 1 / Math.sqrt(1 + (3 * phi * phi) / (Math.PI * Math.PI));
const expected = (mu: number, muJ: number, phiJ: number) => 1 / (1 + Math.exp(-g(phiJ) * (mu - muJ)));

/** The new volatility (step 5 of the algorithm, the Illinois method). */
function newVolatility(sigma: number, phi: number, v: number, delta: number): number {
  const a = Math.log(sigma * sigma);
  const f = (x: number) => {
    const ex = Math.exp(x);
    return (ex * (delta * delta - phi * phi - v - ex)) / (2 * (phi * phi + v + ex) ** 2) - (x - a) / (TAU * TAU);
  };
  let A = a;
  let B: number;
  if (delta * delta > phi * phi + v) {
    B = Math.log(delta * delta - phi * phi - v);
  } else {
    let k = 1;
    while (f(a - k * TAU) < 0) k += 1;
    B = a - k * TAU;
  }
  let fA = f(A);
  let fB = f(B);
  for (let i = 0; i < 100 && Math.abs(B - A) > EPSILON; i += 1) {
    const C = A + ((A - B) * fA) / (fB - fA);
    const fC = f(C);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else {
      fA /= 2;
    }
    B = C;
    fB = fC;
  }
  return Math.exp(A / 2);
}

/** The player's rating after a rating period of `games` (score 1 for a win, 0 for a loss). */
export function rateGames(player: Rating, games: readonly { opponent: Rating; score: 0 | 1 }[]): Rating {
  const mu = (player.rating - 1500) / SCALE;
  const phi = player.deviation / SCALE;
  const terms = games.map(({ opponent, score }) => {
    const muJ = (opponent.rating - 1500) / SCALE;
    const gJ = g(opponent.deviation / SCALE);
    const e = expected(mu, muJ, opponent.deviation / SCALE);
    return { gJ, e, score };
  });
  const v = 1 / terms.reduce((sum, t) => sum + t.gJ * t.gJ * t.e * (1 - t.e), 0);
  const improvement = terms.reduce((sum, t) => sum + t.gJ * (t.score - t.e), 0);
  const delta = v * improvement;
  const sigma = newVolatility(player.volatility, phi, v, delta);
  const phiStar = Math.sqrt(phi * phi + sigma * sigma);
  const phiNew = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  const muNew = mu + phiNew * phiNew * improvement;
  return {
    rating: Math.round((SCALE * muNew + 1500) * 100) / 100,
    deviation: Math.max(MIN_DEVIATION, Math.round(SCALE * phiNew * 100) / 100),
    volatility: Math.round(sigma * 1e6) / 1e6,
  };
}

/** The player's rating after one game against `opponent`. */
export function rate(player: Rating, opponent: Rating, score: 0 | 1): Rating {
  return rateGames(player, [{ opponent, score }]);
}

/** Both sides of one game: the winner's new rating and the loser's. */
export function rateGame(winner: Rating, loser: Rating): { winner: Rating; loser: Rating } {
  return { winner: rate(winner, loser, 1), loser: rate(loser, winner, 0) };
}

/** A season is a calendar month in UTC, e.g. '2026-11'. */
export function seasonOf(date: Date): string {
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

export function previousSeason(season: string): string {
  const [year, month] = season.split('-').map(Number) as [number, number];
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

/** Share of the distance to the start rating a new season takes away. */
export const SEASON_DECAY = 0.5;
/** The deviation a new season adds back (capped at the start's). */
export const SEASON_DEVIATION_GAIN = 100;

/** A rating at the change of season: halfway back to 1500, and less sure. */
export function decayForNewSeason(r: Rating): Rating {
  return {
    rating: Math.round((START_RATING.rating + (r.rating - START_RATING.rating) * (1 - SEASON_DECAY)) * 100) / 100,
    deviation: Math.min(START_RATING.deviation, r.deviation + SEASON_DEVIATION_GAIN),
    volatility: r.volatility,
  };
}

/** A rating is established (its milestones are news) once its deviation is down to this. */
export const ESTABLISHED_DEVIATION = 150;

/**
 * Rating milestones announced in the arena chat: every hundred from 1700 up, crossed upward by
 * an established rating (a new fighter's first wins swing the rating by a hundred or more).
 */
export function ratingMilestone(before: number, after: Rating): number | null {
  const step = 100;
  const crossed = Math.floor(after.rating / step) * step;
  if (after.deviation > ESTABLISHED_DEVIATION) return null;
  return crossed >= 1700 && before < crossed ? crossed : null;
}
