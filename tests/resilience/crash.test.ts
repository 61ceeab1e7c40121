import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SET_IDS, SLOTS } from '../../src/common/economy-api';
import { auditCredits } from '../helpers/economy';
import { Player, uniqueName } from '../helpers/player';
import { startServerProcess, type ServerProcess } from '../helpers/server-process';
import { openTestDatabase, type TestDatabase } from '../helpers/test-db';
import { POSTGRES_URL, REDIS_URL, skipReason } from './env';

/**
 * kill -9 (six times, every few seconds) while 20 scripted players trade, buy, forge and fight; the server is restarted after
 * every kill. Whatever was answered 2xx before a kill must still be in effect afterwards, and
 * the money, ownership and battle invariants must hold at the end.
 */
const PLAYERS = 20;
const KILLS = 6;
const KILL_EVERY_MS: [number, number] = [2500, 4500];
const TURN_SECONDS = 3;

interface Acked {
  battles: Map<number, number>;
  purchases: { listingId: number; buyerId: number }[];
  listings: number[];
  inventory: number[];
  chat: number[];
  answered: number;
  unanswered: number;
  serverErrors: string[];
  /** "POST /api/battle 429" → count, for the log. */
  statuses: Map<string, number>;
}

type Db = TestDatabase['db'];
const rows = async <T>(db: Db, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

describe.skipIf(skipReason !== null)('kill -9 during play', () => {
  let database: TestDatabase;
  let server: ServerProcess;
  const players: { player: Player; id: number }[] = [];
  const acked: Acked = { battles: new Map(), purchases: [], listings: [], inventory: [], chat: [], answered: 0, unanswered: 0, serverErrors: [], statuses: new Map() };
  let kills = 0;

  beforeAll(async () => {
    process.env.TEST_DATABASE_URL = POSTGRES_URL;
    database = await openTestDatabase();
    server = await startServerProcess({ env: { DATABASE_URL: database.url, REDIS_URL, PVP_TURN_SECONDS: String(TURN_SECONDS) } });
    for (let i = 0; i < PLAYERS; i++) {
      const player = new Player(server.url);
      const { user } = await player.register(uniqueName('k'));
      const made = await player.post('/api/characters', { name: `Crash ${i}`, class: ['warrior', 'mage', 'rogue', 'tank', 'assassin', 'berserker'][i % 6] });
      expect(made.status).toBe(201);
      players.push({ player, id: user.id });
    }
  });

  afterAll(async () => {
    await server?.stop();
    await database?.close();
  });

  it('keeps every acknowledged change and the money invariants across crashes', async () => {
    const items = (await players[0]!.player.get<{ id: number; price: number }[]>('/api/equipment/marketplace')).body;
    expect(items.length).toBeGreaterThan(0);
    let finished = false;
    let restarting: Promise<void> = Promise.resolve();

    // One call; a refused connection (server down) counts as unanswered, a 5xx as a failure.
    const call = async <T>(p: Player, method: string, path: string, body?: unknown) => {
      try {
        const answer = await p.request<T>(method, path, body);
        acked.answered++;
        const key = `${method} ${path.replace(/\d+/g, ':id')} ${answer.status}`;
        acked.statuses.set(key, (acked.statuses.get(key) ?? 0) + 1);
        if (answer.status >= 500) {
          acked.serverErrors.push(`${method} ${path} → ${answer.status} ${answer.text.slice(0, 120)}`);
          // The server's log of it, for the failure report.
          await new Promise((r) => setTimeout(r, 200));
          console.error(server.output().slice(-3000));
        }
        return answer;
      } catch {
        acked.unanswered++;
        await restarting;
        return null;
      }
    };

    const script = async ({ player, id }: { player: Player; id: number }, n: number) => {
      const rand = (k: number) => Math.floor(Math.random() * k);
      while (!finished) {
        const mine = await call<{ id: number }[]>(player, 'GET', '/api/characters');
        const characterId = mine?.status === 200 ? mine.body[rand(Math.max(1, mine.body.length))]?.id : undefined;
        const action = rand(8);
        if (action === 0 && characterId) {
          const r = await call(player, 'POST', '/api/battle', { characterId });
          if (r?.status === 200) acked.battles.set(characterId, (acked.battles.get(characterId) ?? 0) + 1);
        } else if (action === 1 && characterId) {
          const r = await call<{ id: number }>(player, 'POST', '/api/marketplace/sell', { characterId, price: 50 + rand(400) });
          if (r?.status === 201) acked.listings.push(r.body.id);
        } else if (action === 2 || action === 3) {
          const market = await call<{ listings: { id: number; sellerId: number }[] }>(player, 'GET', '/api/marketplace?sort=price_low');
          const offers = market?.status === 200 ? market.body.listings.filter((l) => l.sellerId !== id) : [];
          const pick = offers[rand(Math.max(1, offers.length))];
          if (pick) {
            const r = await call(player, 'POST', '/api/marketplace/buy', { listingId: pick.id });
            if (r?.status === 200) acked.purchases.push({ listingId: pick.id, buyerId: id });
          }
        } else if (action === 4) {
          const r = await call<{ owned: { id: number } }>(player, 'POST', `/api/equipment/${items[rand(items.length)]!.id}/buy`);
          if (r?.status === 200) acked.inventory.push(r.body.owned.id);
        } else if (action === 5) {
          const r = await call<{ success: boolean; owned?: { id: number } }>(player, 'POST', '/api/forge/create', {
            equipmentSet: SET_IDS[rand(SET_IDS.length)],
            slot: SLOTS[rand(SLOTS.length)],
          });
          if (r?.status === 200 && r.body.success && r.body.owned) acked.inventory.push(r.body.owned.id);
        } else if (action === 6 && characterId) {
          await call(player, 'POST', '/api/pvp/join-queue', { characterId });
          await call(player, 'POST', '/api/pvp/make-move', { move: ['attack', 'defend', 'special'][rand(3)] });
        } else {
          const r = await call<{ id: number }>(player, 'POST', '/api/chat/messages', { message: `still here ${n}/${rand(1000)}` });
          if (r?.status === 201) acked.chat.push(r.body.id);
        }
      }
    };

    const killer = async () => {
      while (kills < KILLS) {
        await new Promise((r) => setTimeout(r, KILL_EVERY_MS[0] + Math.random() * (KILL_EVERY_MS[1] - KILL_EVERY_MS[0])));
        let done!: () => void;
        restarting = new Promise<void>((resolve) => (done = resolve));
        await server.kill('SIGKILL');
        kills++;
        await server.restart();
        done();
      }
      // A last stretch of play on the final run, then the checks.
      await new Promise((r) => setTimeout(r, 3000));
      finished = true;
    };

    await Promise.all([killer(), ...players.map((p, i) => script(p, i))]);
    expect(kills).toBe(KILLS);
    expect(acked.serverErrors).toEqual([]);
    console.warn(
      `crash suite: ${kills} kills, ${acked.answered} answered, ${acked.unanswered} cut off; acknowledged: ` +
        `${[...acked.battles.values()].reduce((a, b) => a + b, 0)} battles, ${acked.purchases.length} purchases, ` +
        `${acked.listings.length} listings, ${acked.inventory.length} items, ${acked.chat.length} chat messages`,
    );
    console.warn([...acked.statuses].sort().map(([k, v]) => `${k}: ${v}`).join('\n'));
    // The players did get things done between the kills.
    expect(acked.answered).toBeGreaterThan(200);
    expect(acked.chat.length + acked.inventory.length + acked.listings.length).toBeGreaterThan(10);

    const db = database.db;
    // Every acknowledged PvE battle is recorded.
    for (const [characterId, count] of acked.battles) {
      const [row] = await rows<{ n: number }>(db, sql`select count(*)::int as n from replays where kind = 'pve' and character1_id = ${characterId}`);
      expect(row!.n).toBeGreaterThanOrEqual(count);
    }
    // Every acknowledged purchase stands: sold, to that buyer.
    for (const { listingId, buyerId } of acked.purchases) {
      const [row] = await rows<{ status: string; buyer_id: number }>(db, sql`select status, buyer_id from marketplace_listings where id = ${listingId}`);
      expect(row).toEqual({ status: 'sold', buyer_id: buyerId });
    }
    for (const listingId of acked.listings) {
      const [row] = await rows<{ n: number }>(db, sql`select count(*)::int as n from marketplace_listings where id = ${listingId}`);
      expect(row!.n).toBe(1);
    }
    if (acked.inventory.length) {
      const found = await rows<{ id: number }>(db, sql`select id from character_equipment where id in ${acked.inventory}`);
      expect(found.length).toBe(new Set(acked.inventory).size);
    }
    if (acked.chat.length) {
      const found = await rows<{ id: string }>(db, sql`select id from chat_messages where id in ${acked.chat}`);
      expect(found.length).toBe(acked.chat.length);
    }

    // Money and ownership: credits = grants + minted − burned, no negative balance, one owner each.
    const audit = await auditCredits(db);
    expect(audit.totalCredits).toBe(audit.grants + audit.minted - audit.burned);
    expect(audit.badUsers).toEqual([]);
    expect(audit.orphanCharacters).toBe(0);
    const [doubleListed] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from (select character_id from marketplace_listings where status = 'active' group by character_id having count(*) > 1) x`,
    );
    expect(doubleListed!.n).toBe(0);
    const [soldTwice] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from credit_ledger where reason = 'marketplace_purchase' group by reference having count(*) > 1 limit 1`,
    );
    expect(soldTwice).toBeUndefined();

    // No battle stuck: with nobody moving, every PvP battle ends by the turn timer.
    await expect
      .poll(
        async () => (await rows<{ n: number }>(db, sql`select count(*)::int as n from pvp_battles where status = 'active'`))[0]!.n,
        { timeout: (TURN_SECONDS + 10) * 1000, interval: 500 },
      )
      .toBe(0);
    // And every battle that ended was settled once, with its replay.
    const [unsettled] = await rows<{ n: number }>(db, sql`select count(*)::int as n from pvp_battles where status = 'completed' and replay_id is null and fighter1 <> 'null'::jsonb`);
    expect(unsettled!.n).toBe(0);
  }, 180_000);
});
