/**
 * Where a beat player stands among a battle's stops (see `beatStops`): a pure reducer, so the
 * moves a screen offers (a beat on, a beat back, back to the start, skip to the end) can be
 * checked without a page.
 */
export type BeatMove =
  | { type: 'step'; by: 1 | -1 }
  | { type: 'restart' }
  /** Straight to the last stop: the outcome, as if the battle had played out. */
  | { type: 'skip' }
  /** The pace moved on: the next beat, or the last one when a live view lags `lag` or more. */
  | { type: 'tick'; lag?: number };

/** The stop shown after `move`, from `index`, among stops 0..`last`. */
export function moveBeat(index: number, last: number, move: BeatMove): number {
  const at = Math.max(0, Math.min(index, last));
  switch (move.type) {
    case 'step':
      return Math.max(0, Math.min(last, at + move.by));
    case 'restart':
      return 0;
    case 'skip':
      return last;
    case 'tick':
      if (move.lag !== undefined && last - at > move.lag) return last;
      return Math.min(last, at + 1);
  }
}
