/** Small statistics helpers for latency samples (milliseconds). */

export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export function median(samples: readonly number[]): number {
  return percentile(samples, 50);
}

export function round(value: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The most of `times` (ms) that fall within any `windowMs` of each other: the busiest window. */
export function busiest(times: readonly number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let best = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while (sorted[i]! - sorted[j]! >= windowMs) j++;
    best = Math.max(best, i - j + 1);
  }
  return best;
}

/** How many of `times` (ms from 0) fall in each whole second: [0, 1000), [1000, 2000), … */
export function countBySecond(times: readonly number[]): number[] {
  const counts: number[] = [];
  for (const t of times) {
    const second = Math.max(0, Math.floor(t / 1000));
    while (counts.length <= second) counts.push(0);
    counts[second]! += 1;
  }
  return counts;
}
