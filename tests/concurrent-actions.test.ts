import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase, type Database } from '../src/server/db/client';
import { characters, creditLedger, users } from '../src/server/db/schema';
import { guilds } from '../src/server/db/schema-guilds';
import { Player, uniqueName } from './helpers/player';
import { startTestApp, type TestApp } from './helpers/test-app';

/**
 * One player's paid actions sent at once, each with its own Idempotency-Key (two tabs, a retrying
 * client): no request answers 5xx because of another. The key's row references the player, so its
 * insert holds a share lock on the player's row; an action that then locked that row FOR UPDATE
 * deadlocked against its twin. On PostgreSQL (PGlite runs one statement at a time), on one
 * instance and on two sharing the database.
 */

const onPostgres = /^postgres/.test(process.env.TEST_DATABASE_URL ?? '');
if (!onPostgres) console.warn('concurrent-actions.test: skipped: the database is not PostgreSQL (set DATABASE_URL to run it).');

let t: TestApp;
let second: { app: FastifyInstance; database: Database; base: string } | undefined;

beforeAll(async () => {
  if (!onPostgres) return;
  t = await startTestApp();
  const database = openDatabase({ url: t.database.url, poolSize: 10 });
  const config = loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: t.database.url, REGISTRATION_LIMIT: '0' });
  const app = await buildApp({ config, db: database.db, clientDir: '/nonexistent' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  second = { app, database, base: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
});
afterAll(async () => {
  await second?.app.close();
  await second?.database.close();
  await t?.close();
});

const keyed = () => ({ 'idempotency-key': randomUUID() });

/** The player's client on instance `i` of the two (the same cookie on both). */
function on(p: Player, i: number): Player {
  if (i % 2 === 0 || !second) return p;
  const other = new Player(second.base);
  other.cookie = p.cookie;
  return other;
}

async function guildFounder(): Promise<{ p: Player; userId: number; guildId: number }> {
  const p = new Player(t.base);
  const { user } = await p.register();
  const guild = await p.post('/api/guilds', { name: uniqueName('Guild'), guildAvatar: 'phoenix', isPrivate: false, maxMembers: 20 });
  expect(guild.status).toBe(201);
  return { p, userId: user.id, guildId: guild.body.id as number };
}

const creditsOf = async (userId: number) => (await t.database.db.select().from(users).where(eq(users.id, userId)))[0]!.credits;

describe.skipIf(!onPostgres)(`one player's keyed actions at once${onPostgres ? '' : ' (skipped: the database is not PostgreSQL)'}`, () => {
  for (const instances of [1, 2]) {
    const where = instances === 1 ? 'on one instance' : 'on two instances';

    it(`ten donations at once all succeed ${where}`, async () => {
      const { p, userId, guildId } = await guildFounder();
      const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => on(p, i * (instances - 1)).post('/api/guilds/donate', { amount: 7 }, keyed())));
      expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
      expect(await creditsOf(userId)).toBe(2500 - 70);
      const [guild] = await t.database.db.select().from(guilds).where(eq(guilds.id, guildId));
      expect(guild!.treasury).toBe(70);
      const ledger = await t.database.db.select().from(creditLedger).where(eq(creditLedger.userId, userId));
      expect(ledger.filter((row) => row.reason === 'guild_donation')).toHaveLength(10);
    });

    it(`six character creations at once make one fighter and five refusals ${where}`, async () => {
      const p = new Player(t.base);
      const { user } = await p.register();
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) => on(p, i * (instances - 1)).post('/api/characters', { name: `Racer ${i}`, class: 'mage', characterAvatar: 'mage1' }, keyed())),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
      for (const refused of answers.filter((a) => a.status === 409)) expect(refused.body.message).toBe('You can only have one character per account');
      expect(await t.database.db.select().from(characters).where(eq(characters.userId, user.id))).toHaveLength(1);
    });

    it(`image-set changes and purchases at once answer without a server error ${where}`, async () => {
      const p = new Player(t.base);
      const { user } = await p.register();
      const fighter = await p.post('/api/characters', { name: 'Looker', class: 'rogue', characterAvatar: 'rogue1' });
      const sets = (await p.get('/api/character/image-sets')).body as { id: string; cost: number }[];
      const free = sets.find((s) => s.cost === 0)!;
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) => on(p, i * (instances - 1)).post('/api/character/change-image-set', { characterId: fighter.body.id, imageSet: free.id }, keyed())),
      );
      for (const a of answers) expect(a.status, a.text).toBeLessThan(500);
      expect(await creditsOf(user.id)).toBe(2500);
    });
  }
});

describe.skipIf(!onPostgres)(`a queue join racing a listing of the same character${onPostgres ? '' : ' (skipped: the database is not PostgreSQL)'}`, () => {
  it('either seats the fighter and refuses the listing, or lists it and refuses the join with a message', async () => {
    const outcomes = { queued: 0, listed: 0 };
    for (let round = 0; round < 12; round++) {
      const p = new Player(t.base);
      await p.register();
      const fighter = await p.post('/api/characters', { name: `Race ${round}`, class: 'warrior', characterAvatar: 'warrior1' });
      const [join, sell] = await Promise.all([
        on(p, round).post('/api/pvp/join-queue', { characterId: fighter.body.id }),
        on(p, round + 1).post('/api/marketplace/sell', { characterId: fighter.body.id, price: 900 }),
      ]);
      if (join.status === 200) {
        expect(join.body.inQueue, `round ${round}: a 200 join must hold a seat`).toBe(true);
        expect(sell.status).toBe(409);
        outcomes.queued += 1;
        await p.post('/api/pvp/leave-queue', {});
      } else {
        expect(join.status, join.text).toBe(409);
        expect(join.body.message).toMatch(/listed on the marketplace/);
        expect(sell.status).toBeLessThan(300);
        outcomes.listed += 1;
      }
    }
    expect(outcomes.queued + outcomes.listed).toBe(12);
  });
});

/**
 * The same race made certain: a listing's transaction holds the character while a battle round or a
 * queue join waits for it, then commits. The waiting statement must see the listing.
 */
describe.skipIf(!onPostgres)(`a statement that waited for a listing's transaction${onPostgres ? '' : ' (skipped: the database is not PostgreSQL)'}`, () => {
  async function listingHeldOpen(characterId: number, sellerId: number) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: t.database.url });
    await client.connect();
    await client.query('begin');
    await client.query(`insert into marketplace_listings (character_id, seller_id, price, character_level) values ($1, $2, 700, 1)`, [characterId, sellerId]);
    return {
      /** Resolves once another backend waits for a lock this transaction holds. */
      someoneWaits: async () => {
        for (;;) {
          const { rows } = await client.query(`select count(*)::int as n from pg_locks where not granted and pid <> pg_backend_pid()`);
          if (rows[0].n > 0) return;
          await new Promise((r) => setTimeout(r, 10));
        }
      },
      commit: async () => {
        await client.query('commit');
        await client.end();
      },
    };
  }

  for (const action of ['battle', 'queue join'] as const) {
    it(`a ${action} waiting for the lock is refused once the listing commits`, async () => {
      const p = new Player(t.base);
      const { user } = await p.register();
      const fighter = await p.post('/api/characters', { name: `Held ${action.length}`, class: 'warrior', characterAvatar: 'warrior1' });
      if (action === 'battle') await p.get('/api/enemy');
      const listing = await listingHeldOpen(fighter.body.id, user.id);
      const answer = action === 'battle' ? p.post('/api/battle', { characterId: fighter.body.id }) : p.post('/api/pvp/join-queue', { characterId: fighter.body.id });
      await listing.someoneWaits();
      await listing.commit();
      const settled = await answer;
      expect(settled.status, settled.text).toBe(409);
      expect(settled.body.message).toMatch(/listed on the marketplace/);
    });
  }
});
