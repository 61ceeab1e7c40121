import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/client';
import { prepareDatabase } from '../../src/server/setup';
import { adminQuery, isPostgresUrl } from './test-db';

/**
 * Migrates and seeds one database per run, which every test file then copies (DESIGN §6): a
 * template database on PostgreSQL (`CREATE DATABASE … TEMPLATE`), or a dump of a PGlite data
 * directory that each file loads. A file's own database is still its alone.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    /** Name of the migrated template database on the PostgreSQL server of TEST_DATABASE_URL. */
    templateDatabase: string;
    /** Path of a gzipped PGlite data directory, migrated and seeded. */
    pgliteDump: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The project's env (vitest.config.ts) reaches its test files, not this process: read it there.
  const target = project.config.env?.TEST_DATABASE_URL || process.env.TEST_DATABASE_URL || 'memory://';
  const started = Date.now();
  if (isPostgresUrl(target)) {
    const name = `ga_template_${process.pid}_${randomBytes(3).toString('hex')}`;
    await adminQuery(target, `CREATE DATABASE "${name}"`);
    const url = new URL(target);
    url.pathname = `/${name}`;
    const database = openDatabase({ url: url.toString(), poolSize: 2 });
    await prepareDatabase(database);
    await database.close();
    project.provide('templateDatabase', name);
    project.provide('pgliteDump', '');
    process.stdout.write(`test databases: PostgreSQL template ${name} migrated in ${Date.now() - started} ms\n`);
    return async () => adminQuery(target, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  }
  const database = openDatabase({ url: 'memory://' });
  await prepareDatabase(database);
  const dump = await database.dump!();
  await database.close();
  const path = join(tmpdir(), `ga-pglite-${process.pid}-${randomBytes(3).toString('hex')}.tar.gz`);
  writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
  project.provide('templateDatabase', '');
  project.provide('pgliteDump', path);
  process.stdout.write(`test databases: PGlite dump migrated in ${Date.now() - started} ms\n`);
  return async () => rmSync(path, { force: true });
}
