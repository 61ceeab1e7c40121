import { execFileSync } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, rowsOf, type Database } from '../src/server/db/client';
import { RecoveringPool } from '../src/server/db/recovery';
import { openTestDatabase, type TestDatabase } from './helpers/test-db';

/**
 * Pooled connections that PostgreSQL closed while they sat idle (what a restart does to every one
 * of them): the pool learns it only when it next uses them, and the statement sent then fails
 * without having run. Those statements go again on another connection, and transactions run
 * again. The connections are ended with pg_terminate_backend from another process while this one
 * is blocked, so none of them has noticed when the statements are sent.
 */

const onPostgres = /^postgres/.test(process.env.TEST_DATABASE_URL ?? '');
if (!onPostgres) console.warn('db-recovery.test: skipped: the database is not PostgreSQL (set DATABASE_URL to run it).');

let t: TestDatabase;
beforeAll(async () => {
  if (onPostgres) t = await openTestDatabase();
});
afterAll(async () => {
  await t?.close();
});

/** Ends these backends from psql, synchronously, and returns once PostgreSQL has let them go. */
function terminateBlocking(url: string, pids: number[]): void {
  const list = pids.join(',');
  const script = `select pg_terminate_backend(pid) from pg_stat_activity where pid in (${list});
    do $$ begin while exists (select 1 from pg_stat_activity where pid in (${list})) loop perform pg_sleep(0.01); perform pg_stat_clear_snapshot(); end loop; end $$;`;
  execFileSync('psql', [url, '-q', '-v', 'ON_ERROR_STOP=1', '-c', script], { stdio: 'ignore' });
}

/** Fills the pool: `n` connections at once, each answering its backend's pid; all idle after. */
async function idlePids(query: (text: string) => Promise<{ rows: { pid: number }[] }>, n: number): Promise<number[]> {
  const rows = await Promise.all(Array.from({ length: n }, () => query('select pg_backend_pid() as pid, pg_sleep(0.05)')));
  return [...new Set(rows.map((r) => r.rows[0]!.pid))];
}

describe.skipIf(!onPostgres)(`stale pooled connections${onPostgres ? '' : ' (skipped: the database is not PostgreSQL)'}`, () => {
  it('a single statement on a closed connection goes again on another', async () => {
    const pool = new RecoveringPool({ connectionString: t.url, max: 4 });
    try {
      const pids = await idlePids((text) => pool.query(text), 4);
      expect(pids).toHaveLength(4);
      terminateBlocking(t.url, pids);
      const answers = await Promise.all(Array.from({ length: 6 }, () => pool.query('select 1 as one')));
      expect(answers.map((a) => (a.rows[0] as { one: number }).one)).toEqual([1, 1, 1, 1, 1, 1]);
    } finally {
      await pool.end();
    }
  });

  it('a transaction on a closed connection runs again on another', async () => {
    const database: Database = openDatabase({ url: t.url, poolSize: 3 });
    try {
      const pids = await idlePids(async (text) => ({ rows: rowsOf<{ pid: number }>(await database.db.execute(sql.raw(text))) }), 3);
      terminateBlocking(t.url, pids);
      const answers = await Promise.all(
        Array.from({ length: 4 }, (_, i) =>
          database.db.transaction(async (tx) => rowsOf<{ n: number }>(await tx.execute(sql`select ${i}::int as n`))[0]!.n),
        ),
      );
      expect(answers).toEqual([0, 1, 2, 3]);
    } finally {
      await database.close();
    }
  });
});
