/**
 * The resilience suites need a real PostgreSQL and Redis (the server runs as separate
 * processes, killed and restarted). Without them they are skipped with the reason printed.
 */
const pg = process.env.DATABASE_URL;
const redis = process.env.REDIS_URL;

export const skipReason: string | null = !pg || !/^postgres(ql)?:\/\//.test(pg)
  ? 'DATABASE_URL is not a PostgreSQL URL'
  : !redis || !/^rediss?:\/\//.test(redis)
    ? 'REDIS_URL is not set'
    : null;

if (skipReason) console.warn(`Resilience suites skipped: ${skipReason} (they need PostgreSQL and Redis).`);

export const POSTGRES_URL = pg ?? '';
export const REDIS_URL = redis ?? '';

/** Percentile of samples (ms). */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
