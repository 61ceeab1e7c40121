import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/server/db/client';
import { prepareDatabase } from '../../src/server/setup';

export interface TestDatabase extends Database {
  url: string;
}

/**
 * A migrated, empty database for one test file: PGlite in memory, or a fresh database on the
 * PostgreSQL server of TEST_DATABASE_URL that is dropped again on close.
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  const target = process.env.TEST_DATABASE_URL ?? 'memory://';
  if (!/^postgres(ql)?:\/\//.test(target)) {
    const database = openDatabase({ url: 'memory://' });
    await prepareDatabase(database);
    return { ...database, url: 'memory://' };
  }

  const name = `ga_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(target, `CREATE DATABASE "${name}"`);
  const url = new URL(target);
  url.pathname = `/${name}`;
  const database = openDatabase({ url: url.toString(), poolSize: 10 });
  await prepareDatabase(database);
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
