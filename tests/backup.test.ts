import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase, type Database } from '../src/server/db/client';
import { prepareDatabase } from '../src/server/setup';
import { auditCredits } from './helpers/economy';
import { Player, uniqueName } from './helpers/player';
import { UNLIMITED_ADDRESS } from './helpers/server-process';
import { TEST_INDEX_HTML } from './helpers/test-app';
import { adminQuery, isPostgresUrl } from './helpers/test-db';

/**
 * `npm run db:backup -- FILE` and `npm run db:restore -- FILE` (README 'Back up and restore'),
 * on PostgreSQL (pg_dump / pg_restore) and on PGlite (its data directory's dump): a database
 * with players, a running market and a guild is backed up, restored into an empty one, and the
 * restored game holds the ledger invariant and lets its players log in.
 */

const pgUrl = process.env.TEST_DATABASE_URL && isPostgresUrl(process.env.TEST_DATABASE_URL) ? process.env.TEST_DATABASE_URL : undefined;
const scratch = mkdtempSync(join(tmpdir(), 'ga-backup-'));
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const clean of cleanups.reverse()) await clean();
  rmSync(scratch, { recursive: true, force: true });
});

/** The game over a database (its env: DATABASE_URL or PGLITE_DIR), listening on a random port. */
async function serve(env: Record<string, string>, database: Database) {
  const clientDir = mkdtempSync(join(scratch, 'client-'));
  writeFileSync(join(clientDir, 'index.html'), TEST_INDEX_HTML);
  const app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent', ...UNLIMITED_ADDRESS, ...env }), db: database.db, clientDir, settleEvents: true });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return { app, base: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
}

/** Players, a character on the market and a guild, through the API. */
async function play(base: string) {
  const seller = new Player(base);
  const username = uniqueName('bk');
  await seller.register(username, 'backup-pass');
  const character = (await seller.post('/api/characters', { name: 'Kept Safe', class: 'mage', characterAvatar: 'mage1' })).body as { id: number };
  expect((await seller.post('/api/marketplace', { characterId: character.id, price: 777 })).status).toBe(201);
  const founder = new Player(base);
  await founder.register();
  const guild = await founder.post('/api/guilds', { name: `Vault ${randomBytes(3).toString('hex')}`, description: 'Backed up', guildAvatar: 'dragon', isPrivate: false, maxMembers: 20 });
  expect(guild.status, guild.text).toBe(201);
  return { username, guildName: (guild.body as { name: string }).name };
}

/** `npm run db:<command> -- FILE` with this environment; its exit status and output. */
function npmRun(command: 'backup' | 'restore', file: string, env: Record<string, string>) {
  const done = spawnSync('npm', ['run', '-s', `db:${command}`, '--', file], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env } });
  return { status: done.status, output: `${done.stdout}${done.stderr}` };
}

async function expectRestoredGame(database: Database, env: Record<string, string>, seen: Awaited<ReturnType<typeof play>>, audit: Awaited<ReturnType<typeof auditCredits>>) {
  const restored = await auditCredits(database.db);
  expect(restored).toEqual(audit);
  expect(restored.badUsers).toEqual([]);
  expect(restored.totalCredits).toBe(restored.grants + restored.minted - restored.burned);
  const { app, base } = await serve(env, database);
  try {
    const player = new Player(base);
    expect((await player.post('/api/login', { username: seen.username, password: 'backup-pass' })).status).toBe(200);
    const listings = (await player.get<{ listings?: { price: number }[] } | { price: number }[]>('/api/marketplace')).body;
    const rows = Array.isArray(listings) ? listings : (listings.listings ?? []);
    expect(rows.map((l) => l.price)).toContain(777);
    expect(JSON.stringify((await player.get('/api/guilds')).body)).toContain(seen.guildName);
  } finally {
    await app.close();
  }
}

describe.skipIf(!pgUrl)('on PostgreSQL (pg_dump, pg_restore)', () => {
  it('backs up a running game and restores it into an empty database', async () => {
    const name = (suffix: string) => `ga_backup_${process.pid}_${randomBytes(3).toString('hex')}_${suffix}`;
    const urlOf = (db: string) => Object.assign(new URL(pgUrl!), { pathname: `/${db}` }).toString();
    const [from, to] = [name('from'), name('to')];
    for (const db of [from, to]) {
      await adminQuery(pgUrl!, `CREATE DATABASE "${db}"`);
      cleanups.push(() => adminQuery(pgUrl!, `DROP DATABASE IF EXISTS "${db}" WITH (FORCE)`));
    }
    const source = openDatabase({ url: urlOf(from), poolSize: 5 });
    await prepareDatabase(source);
    const { app, base } = await serve({ DATABASE_URL: urlOf(from) }, source);
    const seen = await play(base);
    const audit = await auditCredits(source.db);

    // Taken while the game runs: pg_dump reads one snapshot.
    const file = join(scratch, 'game.dump');
    const backup = npmRun('backup', file, { DATABASE_URL: urlOf(from) });
    expect(backup.output).toContain(`Backed up to ${file}`);
    expect(backup.status).toBe(0);
    await app.close();
    await source.close();

    // A database that is not empty is refused; an empty one takes the backup.
    const refused = npmRun('restore', file, { DATABASE_URL: urlOf(from) });
    expect(refused.status).toBe(1);
    expect(refused.output).toContain('The database is not empty');
    const restore = npmRun('restore', file, { DATABASE_URL: urlOf(to) });
    expect(restore.output).toContain(`Restored ${file}`);
    expect(restore.status).toBe(0);

    const restored = openDatabase({ url: urlOf(to), poolSize: 5 });
    try {
      // Start-up finds every migration applied and the catalogues in place.
      await prepareDatabase(restored);
      await expectRestoredGame(restored, { DATABASE_URL: urlOf(to) }, seen, audit);
    } finally {
      await restored.close();
    }
  }, 120_000);
});

describe('on PGlite (its own dump)', () => {
  it('backs up the embedded database and restores it into an empty PGLITE_DIR', async () => {
    const [from, to] = [join(scratch, 'pglite-from'), join(scratch, 'pglite-to')];
    const source = openDatabase({ pgliteDir: from });
    await prepareDatabase(source);
    const { app, base } = await serve({ PGLITE_DIR: from }, source);
    const seen = await play(base);
    const audit = await auditCredits(source.db);
    // The embedded database belongs to one process: the server stops before the backup.
    await app.close();
    await source.close();

    const file = join(scratch, 'game.tar.gz');
    const backup = npmRun('backup', file, { PGLITE_DIR: from });
    expect(backup.output).toContain(`Backed up to ${file}`);
    expect(backup.status).toBe(0);
    const refused = npmRun('restore', file, { PGLITE_DIR: from });
    expect(refused.status).toBe(1);
    expect(refused.output).toContain('is not empty');
    const restore = npmRun('restore', file, { PGLITE_DIR: to });
    expect(restore.output).toContain(`Restored ${file}`);
    expect(restore.status).toBe(0);

    const restored = openDatabase({ pgliteDir: to });
    try {
      await prepareDatabase(restored);
      await expectRestoredGame(restored, { PGLITE_DIR: to }, seen, audit);
    } finally {
      await restored.close();
    }
  }, 120_000);
});
