import type { PvpBattleEndedView, RatingView } from '@common/pvp';

/** What a challenge's duel (between friends or guild mates) is worth, told where its rewards would be. */
export const FRIENDLY_DUEL_TEXT = 'A friendly duel: no rewards, no rating change.';
/** What a battle that ended before both players moved shows instead of a victory or defeat. */
export const NO_CONTEST_TEXT = 'No contest: the battle ended before both players moved. No rewards.';

export type PvpOutcome = 'victory' | 'defeat' | 'no-contest';

/** The jingle an outcome plays: none for a no-contest. */
export function outcomeSound(outcome: PvpOutcome | null): 'victory' | 'defeat' | null {
  return outcome === 'victory' || outcome === 'defeat' ? outcome : null;
}

/** A rating change as shown in a result: 'Rating 1500 → 1523 (+23)'; null when nothing moved. */
export function ratingChangeText(rating: PvpBattleEndedView['rating']): string | null {
  if (!rating) return null;
  const round = (r: RatingView) => Math.round(r.rating);
  const delta = round(rating.after) - round(rating.before);
  if (delta === 0 && Math.round(rating.after.deviation) === Math.round(rating.before.deviation)) return null;
  const sign = delta > 0 ? '+' : delta < 0 ? '−' : '±';
  return `Rating ${round(rating.before)} → ${round(rating.after)} (${sign}${Math.abs(delta)})`;
}
