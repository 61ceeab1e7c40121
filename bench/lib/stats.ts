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
