import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema-index';

/** The one database type the rest of the server sees, whichever engine is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction; repositories and services accept either (`Db | Tx` is just `Executor`). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies pending migrations; safe when several instances start at once. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
/** Arbitrary constant naming the advisory lock that serialises migrations across instances. */
const MIGRATION_LOCK_ID = 720_114_2;

export interface DatabaseOptions {
  /** postgres://… for PostgreSQL, memory:// for PGlite in memory, undefined for PGlite on disk. */
  url?: string;
  pgliteDir?: string;
  poolSize?: number;
}

export function openDatabase({ url, pgliteDir = './data/pglite', poolSize = 20 }: DatabaseOptions): Database {
  if (url && /^postgres(ql)?:\/\//.test(url)) return openPostgres(url, poolSize);
  if (url && !url.startsWith('memory://')) throw new Error(`Unsupported DATABASE_URL scheme: ${url.split(':')[0]}`);
  return openPglite(url ? undefined : pgliteDir);
}

function openPglite(dir: string | undefined): Database {
  if (dir) mkdirSync(dir, { recursive: true });
  const client = dir ? new PGlite(dir) : new PGlite();
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: async () => {
      await migratePglite(db as never, { migrationsFolder });
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

function openPostgres(url: string, max: number): Database {
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000 });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', (err) => console.error('PostgreSQL pool error:', err.message));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  let closed = false;
  return {
    db,
    kind: 'postgres',
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
