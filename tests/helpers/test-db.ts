import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/client';
import { prepareDatabase } from '../../src/server/setup';

export interface TestDatabase extends Database {
  url: string;
}

export const isPostgresUrl = (url: string) => /^postgres(ql)?:\/\//.test(url);

let pgliteDump: Blob | undefined;

/** The run's migrated PGlite data directory (tests/helpers/global-setup.ts), read once per file. */
function pgliteTemplate(): Blob | undefined {
  const path = inject('pgliteDump');
  if (!path) return undefined;
  pgliteDump ??= new Blob([readFileSync(path)]);
  return pgliteDump;
}

/** A PGlite in memory with every migration and the catalogues, from the run's template when there is one. */
export async function openPgliteTestDatabase(): Promise<TestDatabase> {
  const dump = pgliteTemplate();
  const database = openDatabase({ url: 'memory://', pgliteDump: dump });
  if (!dump) await prepareDatabase(database);
  return { ...database, url: 'memory://' };
}

/**
 * A migrated, seeded database for one test file: a copy of the run's template on the PostgreSQL
 * server of TEST_DATABASE_URL (dropped again on close), or PGlite in memory.
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  const target = process.env.TEST_DATABASE_URL ?? 'memory://';
  if (!isPostgresUrl(target)) return openPgliteTestDatabase();

  const template = inject('templateDatabase');
  const name = `ga_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(target, template ? `CREATE DATABASE "${name}" TEMPLATE "${template}"` : `CREATE DATABASE "${name}"`);
  const url = new URL(target);
  url.pathname = `/${name}`;
  const database = openDatabase({ url: url.toString(), poolSize: 10 });
  if (!template) await prepareDatabase(database);
  return {
    ...database,
    url: url.toString(),
    close: async () => {
      await database.close();
      await adminQuery(target, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}

/** One statement on a PostgreSQL server, outside any pool (CREATE / DROP DATABASE). */
export async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
