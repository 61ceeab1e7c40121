import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../../src/server/db/client';
import { prepareDatabase } from '../../src/server/setup';
import { adminQuery } from '../../tests/helpers/test-db';

/** The PostgreSQL server the bench and the resilience suite use. */
export function postgresUrl(): string {
  const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  if (!/^postgres(ql)?:\/\//.test(url)) throw new Error('DATABASE_URL must point at a PostgreSQL server');
  return url;
}

export interface ScratchDatabase {
  url: string;
  name: string;
  /** Runs SQL on the scratch database. */
  query<T extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values?: unknown[]): Promise<pg.QueryResult<T>>;
  drop(): Promise<void>;
}

/** A fresh, migrated database with the game's catalogues (`<prefix>_<random>`), dropped by `drop`. */
export async function createScratchDatabase(prefix = 'bench'): Promise<ScratchDatabase> {
  const admin = postgresUrl();
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  await adminQuery(admin, `CREATE DATABASE "${name}"`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const database = openDatabase({ url: url.toString(), poolSize: 2 });
  await prepareDatabase(database);
  await database.close();
  const pool = new pg.Pool({ connectionString: url.toString(), max: 4 });
  return {
    url: url.toString(),
    name,
    query: (text, values) => pool.query(text, values as unknown[]),
    drop: async () => {
      await pool.end();
      await adminQuery(admin, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}
