import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { ConfigError, loadConfig, type Config } from '../src/server/config';

/**
 * `npm run db:backup -- FILE` and `npm run db:restore -- FILE` (README 'Back up and restore'),
 * for the database the environment names (DATABASE_URL, or PGlite in PGLITE_DIR):
 * - PostgreSQL: `pg_dump --format=custom` (one consistent snapshot, taken while the game runs)
 *   and `pg_restore` into an empty database, in one transaction. pg_dump must be of the
 *   server's major version or newer (it refuses newer servers; an older client's dump can miss
 *   what the server has).
 * - PGlite: its own dump of the data directory (a gzipped tarball), restored into an empty
 *   PGLITE_DIR. The embedded database belongs to one process: stop the server first.
 */

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function run(command: string, args: string[]): string {
  const done = spawnSync(command, args, { encoding: 'utf8' });
  if (done.error) fail(`${command} could not run: ${done.error.message} (apt-get install postgresql-client)`);
  if (done.status !== 0) fail(`${command} failed:\n${done.stderr.trim()}`);
  return done.stdout;
}

const majorOf = (version: string) => Number(/(\d+)(?:\.\d+)?/.exec(version)?.[1] ?? 0);

async function query<T>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

/** pg_dump and pg_restore must not be older than the server. */
async function checkClientVersion(url: string, tool: 'pg_dump' | 'pg_restore'): Promise<void> {
  const [row] = await query<{ server_version: string }>(url, 'show server_version');
  const server = majorOf(row!.server_version);
  const client = majorOf(run(tool, ['--version']).replace(/^[^\d]*/, ''));
  if (client < server) fail(`${tool} ${client} is older than the PostgreSQL server (${server}): install postgresql-client-${server}`);
}

async function userTables(url: string): Promise<number> {
  const [row] = await query<{ n: number }>(url, "select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')");
  return row!.n;
}

async function backup(config: Config, file: string): Promise<void> {
  const url = config.DATABASE_URL;
  if (url?.startsWith('memory://')) fail('DATABASE_URL=memory:// keeps nothing to back up');
  if (url) {
    await checkClientVersion(url, 'pg_dump');
    run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', '--file', file, '--dbname', url]);
  } else {
    if (!existsSync(config.PGLITE_DIR)) fail(`There is no database in ${config.PGLITE_DIR}`);
    const db = new PGlite(config.PGLITE_DIR);
    try {
      // Dumping before the database is up never settles.
      await db.waitReady;
      const dump = await db.dumpDataDir('gzip');
      writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    } finally {
      await db.close();
    }
  }
  console.log(`Backed up to ${file}`);
}

async function restore(config: Config, file: string): Promise<void> {
  if (!existsSync(file)) fail(`No backup at ${file}`);
  const url = config.DATABASE_URL;
  if (url?.startsWith('memory://')) fail('DATABASE_URL=memory:// keeps nothing: restore into PostgreSQL or a PGLITE_DIR');
  if (url) {
    await checkClientVersion(url, 'pg_restore');
    if ((await userTables(url)) > 0) fail('The database is not empty: restore into a new one (createdb), then point DATABASE_URL at it');
    run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', '--dbname', url, file]);
  } else {
    if (existsSync(config.PGLITE_DIR) && readdirSync(config.PGLITE_DIR).length > 0) fail(`${config.PGLITE_DIR} is not empty: restore into a new PGLITE_DIR`);
    const db = new PGlite(config.PGLITE_DIR, { loadDataDir: new Blob([readFileSync(file)]) });
    await db.waitReady;
    await db.close();
  }
  console.log(`Restored ${file}`);
}

const [command, file] = process.argv.slice(2);
if ((command !== 'backup' && command !== 'restore') || !file) fail('Usage: npm run db:backup -- FILE | npm run db:restore -- FILE');
let config: Config;
try {
  config = loadConfig();
} catch (err) {
  fail(err instanceof ConfigError ? err.message : String(err));
}
await (command === 'backup' ? backup(config, file) : restore(config, file));
