import type { ScratchDatabase } from './db';

/** `url` with an application_name, so PostgreSQL's pg_stat_activity tells the bench's instances apart. */
export function namedUrl(url: string, name: string): string {
  const named = new URL(url);
  named.searchParams.set('application_name', name);
  return named.toString();
}

/**
 * Samples PostgreSQL's connections to the scratch database every `everyMs` and keeps the most
 * each application name held at once (names starting 'ga-bench-'; the bench's own pool has none).
 */
export function sampleConnections(db: ScratchDatabase, everyMs = 500): { stop(): Promise<Record<string, number>> } {
  const most: Record<string, number> = {};
  let running = true;
  const loop = (async () => {
    while (running) {
      const { rows } = await db.query<{ name: string; n: string }>(
        `select application_name as name, count(*) as n from pg_stat_activity where datname = current_database() and application_name like 'ga-bench-%' group by 1`,
      );
      for (const row of rows) most[row.name] = Math.max(most[row.name] ?? 0, Number(row.n));
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return most;
    },
  };
}
