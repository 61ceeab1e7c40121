import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { RecoveringPool, retryTransaction } from './recovery';
import * as schema from './schema-index';

/** The one database type the rest of the server sees, whichever engine is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction; repositories and services accept either (`Db | Tx` is just `Executor`). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

/**
 * Counting SQL statements (transaction control aside): every statement adds to the total and to
 * the counter of the operation it runs in, if any (`countStatements`). Requests are counted this
 * way in tests, and the bench reports statements per request.
 */
const counters = new AsyncLocalStorage<{ statements: number }>();
let totalStatements = 0;
const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback|savepoint|release)\b/i;
const statementLogger = {
  logQuery(query: string) {
    if (TRANSACTION_CONTROL.test(query)) return;
    totalStatements += 1;
    const counter = counters.getStore();
    if (counter) counter.statements += 1;
  },
};

/** Runs `work` counting the statements it (and everything it awaits) sends to the database. */
export function countStatements<T>(counter: { statements: number }, work: () => T): T {
  return counters.run(counter, work);
}

/** Runs `work` outside any counted operation (work that follows one but is not part of it). */
export function uncounted<T>(work: () => T): T {
  return counters.exit(work);
}

/** Statements sent by this process so far. */
export function statementsSoFar(): number {
  return totalStatements;
}

/**
 * A statement built once per database (`build` usually ends in `.prepare(name)`): neither the
 * query builder nor PostgreSQL's planner repeats its work on each call of a hot read.
 */
export function perDatabase<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let statement = built.get(db);
    if (statement === undefined) built.set(db, (statement = build(db)));
    return statement;
  };
}

/**
 * Runs a raw statement as a named prepared statement: PostgreSQL parses and plans it once per
 * connection instead of on every call. The statement's text must be the same for every call of
 * `name` (its values go as parameters), e.g. rows passed as one JSON parameter. Answers its rows.
 */
export async function executePrepared<T>(db: Executor, name: string, query: SQL): Promise<T[]> {
  const internals = db as unknown as {
    session: { prepareQuery(query: { sql: string; params: unknown[] }, fields: undefined, name: string, arrayMode: boolean): { execute(): Promise<unknown> } };
    dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  };
  return rowsOf<T>(await internals.session.prepareQuery(internals.dialect.sqlToQuery(query), undefined, name, false).execute());
}

/**
 * Integers as one `int[]` parameter, for `col = any(${intArray(ids)})`: the statement's text is the
 * same for any number of them (PostgreSQL parses and plans it once when prepared), and the planner
 * reaches each row by its index, where a JSON function's rows would be guessed at 100.
 */
export function intArray(ids: Iterable<number>): SQL {
  const list: number[] = [];
  for (const id of ids) {
    if (!Number.isSafeInteger(id)) throw new Error(`intArray: not an integer: ${id}`);
    list.push(id);
  }
  return sql`${`{${list.join(',')}}`}::int[]`;
}

/** The rows of a raw statement (`db.execute`), whichever driver ran it. */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PGlite only: the data directory as a gzipped tarball, to start other databases from. */
  dump?: () => Promise<Blob>;
  /** Applies pending migrations; safe when several instances start at once. */
  migrate(): Promise<void>;
  /** PostgreSQL only: connections in use, idle, and requests waiting for one (for /metrics). */
  pool?: () => { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
/** Migrations this build knows but the database has not applied (0 when up to date). For /readyz. */
export async function migrationsBehind(db: Executor): Promise<number> {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
  const [row] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`));
  return Math.max(0, journal.entries.length - Number(row?.n ?? 0));
}

/** Arbitrary constant naming the advisory lock that serialises migrations across instances. */
const MIGRATION_LOCK_ID = 720_114_2;

export interface DatabaseOptions {
  /** postgres://… for PostgreSQL, memory:// for PGlite in memory, undefined for PGlite on disk. */
  url?: string;
  pgliteDir?: string;
  poolSize?: number;
  /** PGlite in memory only: start from this dump of a data directory (`dumpDataDir`) instead of an empty one. */
  pgliteDump?: Blob;
}

export function openDatabase({ url, pgliteDir = './data/pglite', poolSize = 20, pgliteDump }: DatabaseOptions): Database {
  if (url && /^postgres(ql)?:\/\//.test(url)) return openPostgres(url, poolSize);
  if (url && !url.startsWith('memory://')) throw new Error(`Unsupported DATABASE_URL scheme: ${url.split(':')[0]}`);
  return openPglite(url ? undefined : pgliteDir, pgliteDump);
}

function openPglite(dir: string | undefined, dump: Blob | undefined): Database {
  if (dir) mkdirSync(dir, { recursive: true });
  const client = dir ? new PGlite(dir) : new PGlite(dump ? { loadDataDir: dump } : {});
  const db = drizzlePglite(client, { schema, logger: statementLogger }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    dump: async () => client.dumpDataDir('gzip'),
    migrate: async () => {
      await migratePglite(db as never, { migrationsFolder });
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

/**
 * Every transaction of the app (services, matcher, outbox) runs again when PostgreSQL rolled it
 * back for a deadlock, a serialisation failure or a connection that was already dead
 * (db/recovery.ts): such a failure comes from another request or from a restart, not from the
 * player's own request, so it must not become their 500.
 */
function retryTransactions(db: Db): void {
  const transaction = db.transaction.bind(db);
  db.transaction = ((work, config) =>
    retryTransaction((committing) =>
      transaction(async (tx) => {
        const answer = await work(tx);
        committing();
        return answer;
      }, config),
    )) as Db['transaction'];
}

function openPostgres(url: string, max: number): Database {
  // Statements on a connection PostgreSQL already closed (after its restart) go again on another.
  const pool = new RecoveringPool({ connectionString: url, max, idleTimeoutMillis: 30_000 });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', (err) => console.error('PostgreSQL pool error:', err.message));
  const db = drizzlePg(pool, { schema, logger: statementLogger }) as unknown as Db;
  retryTransactions(db);
  let closed = false;
  return {
    db,
    kind: 'postgres',
    pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    migrate: async () => {
      const conn = await pool.connect();
      try {
        const lockDb = drizzlePg(conn, { schema });
        await lockDb.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK_ID})`);
        try {
          await migratePg(lockDb, { migrationsFolder });
        } finally {
          await lockDb.execute(sql`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`);
        }
      } finally {
        conn.release();
      }
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
