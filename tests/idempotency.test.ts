import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EquipmentItemView } from '../src/common/economy-api';
import type { CharacterView } from '../src/common/game-api';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase, type Database } from '../src/server/db/client';
import { characters, creditLedger, idempotencyKeys, users } from '../src/server/db/schema';
import { characterEquipment } from '../src/server/db/schema-equipment';
import { guildMembers } from '../src/server/db/schema-guilds';
import { userMaterials } from '../src/server/db/schema-forge';
import { IDEMPOTENCY_KEY_MESSAGE } from '../src/server/http/idempotency';
import { IDEMPOTENCY_MESSAGES } from '../src/server/services/transaction';
import { Player, type Answer } from './helpers/player';
import { UNLIMITED_ADDRESS } from './helpers/server-process';
import { startTestApp, type TestApp } from './helpers/test-app';

/**
 * `Idempotency-Key` on every action that moves credits or items: the same key from the same
 * player answers the first answer again and has no second effect, also when both arrive at once
 * and on different instances; without the header an action behaves as before.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const key = () => randomUUID();
const withKey = (k: string) => ({ 'idempotency-key': k });

async function fighter(cls = 'warrior') {
  const p = new Player(t.base);
  const { user } = await p.register();
  const character = (await p.post('/api/characters', { name: `Idem ${cls}`, class: cls })).body as CharacterView;
  return { p, user, character };
}

const credits = async (userId: number) => (await t.database.db.select().from(users).where(eq(users.id, userId)))[0]!.credits;

/** Sends the request twice with one key and checks the second answer repeats the first. */
async function twice(send: (headers: Record<string, string>) => Promise<Answer>): Promise<Answer> {
  const k = key();
  const first = await send(withKey(k));
  const second = await send(withKey(k));
  expect(second.status).toBe(first.status);
  expect(second.body).toEqual(first.body);
  expect(second.headers.get('idempotent-replayed')).toBe('true');
  expect(first.headers.get('idempotent-replayed')).toBeNull();
  return first;
}

async function cheapItem(p: Player): Promise<EquipmentItemView> {
  const items = (await p.get('/api/equipment/marketplace')).body as EquipmentItemView[];
  return items.find((i) => i.level === 1 && i.price > 0)!;
}

describe('an action repeated with its Idempotency-Key', () => {
  it('buys a piece of equipment once', async () => {
    const { p, user, character } = await fighter();
    const item = await cheapItem(p);
    const first = await twice((h) => p.post(`/api/equipment/${item.id}/buy`, undefined, h));
    expect(first.status).toBe(200);
    expect(await credits(user.id)).toBe(2500 - item.price);
    expect(await t.database.db.$count(characterEquipment, eq(characterEquipment.characterId, character.id))).toBe(1);
  });

  it('creates one character and one guild, answering 201 both times', async () => {
    const p = new Player(t.base);
    const { user } = await p.register();
    const created = await twice((h) => p.post('/api/characters', { name: 'Once', class: 'mage' }, h));
    expect(created.status).toBe(201);
    expect(await t.database.db.$count(characters, eq(characters.userId, user.id))).toBe(1);
    const guild = await twice((h) => p.post('/api/guilds', { name: `Once ${user.id}`, guildAvatar: 'wolf', isPrivate: false, maxMembers: 20 }, h));
    expect(guild.status).toBe(201);
    expect(await t.database.db.$count(guildMembers, eq(guildMembers.userId, user.id))).toBe(1);
  });

  it('lists, buys and withdraws listings once', async () => {
    const seller = await fighter();
    const listed = await twice((h) => seller.p.post('/api/marketplace/sell', { characterId: seller.character.id, price: 700 }, h));
    expect(listed.status).toBe(201);
    const buyer = await fighter();
    const bought = await twice((h) => buyer.p.post('/api/marketplace/buy', { listingId: listed.body.id }, h));
    expect(bought.status).toBe(200);
    expect(await credits(buyer.user.id)).toBe(2500 - 700);
    expect(await credits(seller.user.id)).toBe(2500 + 665);

    const other = await fighter();
    const second = (await other.p.post('/api/marketplace', { characterId: other.character.id, price: 50 })).body;
    const withdrawn = await twice((h) => other.p.request('DELETE', `/api/marketplace/${second.id}`, undefined, h));
    expect(withdrawn.status).toBe(200);
  });

  it('learns a skill, spends stat points, changes the look and donates once', async () => {
    const { p, user, character } = await fighter('warrior');
    await t.database.db.update(characters).set({ skillPoints: 5, statPoints: 6, level: 10, wins: 50 }).where(eq(characters.id, character.id));
    const skills = (await p.get('/api/skills/warrior')).body as { id: number; baseCost: number; prerequisites: { level: number } }[];
    const skill = skills.find((s) => s.prerequisites.level <= 10 && s.baseCost <= 5)!;
    const learned = await twice((h) => p.post(`/api/characters/${character.id}/learn-skill`, { skillId: skill.id }, h));
    expect(learned.status).toBe(200);
    const spent = await twice((h) => p.post(`/api/characters/${character.id}/allocate-stats`, { attack: 2 }, h));
    expect(spent.status).toBe(200);
    const [row] = await t.database.db.select().from(characters).where(eq(characters.id, character.id));
    expect(row).toMatchObject({ skillPoints: 5 - skill.baseCost, statPoints: 4 });

    const sets = (await p.get('/api/character/image-sets')).body as { id: string; cost: number; requirementMet: boolean; current: boolean }[];
    const look = sets.find((s) => s.cost > 0 && s.cost < 1000 && s.requirementMet && !s.current)!;
    const changed = await twice((h) => p.post('/api/character/change-image-set', { characterId: character.id, imageSet: look.id }, h));
    expect(changed.status).toBe(200);
    expect(await credits(user.id)).toBe(2500 - look.cost);

    await p.post('/api/guilds', { name: `Donors ${user.id}`, guildAvatar: 'eye', isPrivate: false, maxMembers: 20 });
    const donated = await twice((h) => p.post('/api/guilds/donate', { amount: 100 }, h));
    expect(donated.status).toBe(200);
    expect(await credits(user.id)).toBe(2500 - look.cost - 100);
  });

  it('forges once: the materials go once and the roll is not drawn again', async () => {
    const { p, user } = await fighter();
    const sets = (await p.get('/api/forge/sets')).body as { id: string; requiredMaterials: Record<string, number> }[];
    const dragon = sets.find((s) => s.id === 'dragon_lord')!;
    await t.database.db
      .insert(userMaterials)
      .values(Object.entries(dragon.requiredMaterials).map(([materialId, amount]) => ({ userId: user.id, materialId, amount: amount * 3 })));
    const before = await t.database.db.select().from(userMaterials).where(eq(userMaterials.userId, user.id));
    const forged = await twice((h) => p.post('/api/forge/create', { equipmentSet: 'dragon_lord', slot: 'weapon', materials: {} }, h));
    expect(forged.status).toBe(200);
    const after = await t.database.db.select().from(userMaterials).where(eq(userMaterials.userId, user.id));
    for (const [id, amount] of Object.entries(dragon.requiredMaterials)) {
      const had = before.find((m) => m.materialId === id)?.amount ?? 0;
      expect(after.find((m) => m.materialId === id)?.amount).toBe(had - amount);
    }
  });
});

describe('the rules of a key', () => {
  it('acts once when the same key arrives twice at the same moment', async () => {
    const { p, user } = await fighter();
    const item = await cheapItem(p);
    const k = key();
    const answers = await Promise.all(Array.from({ length: 6 }, () => p.post(`/api/equipment/${item.id}/buy`, undefined, withKey(k))));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    for (const a of answers) expect(a.body).toEqual(answers[0]!.body);
    expect(await credits(user.id)).toBe(2500 - item.price);
    const purchases = await t.database.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, user.id), eq(creditLedger.reason, 'equipment_purchase')));
    expect(purchases).toHaveLength(1);
  });

  it('without the header, each request acts as before', async () => {
    const { p, user } = await fighter();
    const item = await cheapItem(p);
    expect((await p.post(`/api/equipment/${item.id}/buy`)).status).toBe(200);
    expect((await p.post(`/api/equipment/${item.id}/buy`)).status).toBe(200);
    expect(await credits(user.id)).toBe(2500 - 2 * item.price);
  });

  it('refuses a key reused for another request (409), and a malformed key (400), changing nothing', async () => {
    const { p, user } = await fighter();
    const items = ((await p.get('/api/equipment/marketplace')).body as EquipmentItemView[]).filter((i) => i.level === 1 && i.price > 0);
    const k = key();
    expect((await p.post(`/api/equipment/${items[0]!.id}/buy`, undefined, withKey(k))).status).toBe(200);
    const reused = await p.post(`/api/equipment/${items[1]!.id}/buy`, undefined, withKey(k));
    expect(reused.status).toBe(409);
    expect(reused.body).toEqual({ message: IDEMPOTENCY_MESSAGES.reused });
    for (const bad of ['', 'x'.repeat(201), 'with space']) {
      const res = await p.request('POST', `/api/equipment/${items[1]!.id}/buy`, undefined, withKey(bad));
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body).toEqual({ message: IDEMPOTENCY_KEY_MESSAGE });
    }
    expect(await credits(user.id)).toBe(2500 - items[0]!.price);
  });

  it('does not store a refused action: the same key tries again once the player can afford it', async () => {
    const { p, user } = await fighter();
    const item = await cheapItem(p);
    await t.database.db.update(users).set({ credits: 0 }).where(eq(users.id, user.id));
    const k = key();
    const refused = await p.post(`/api/equipment/${item.id}/buy`, undefined, withKey(k));
    expect(refused.status).toBe(400);
    expect(await t.database.db.$count(idempotencyKeys, eq(idempotencyKeys.userId, user.id))).toBe(0);
    await t.database.db.update(users).set({ credits: item.price }).where(eq(users.id, user.id));
    expect((await p.post(`/api/equipment/${item.id}/buy`, undefined, withKey(k))).status).toBe(200);
    expect(await credits(user.id)).toBe(0);
  });

  it('keys belong to their player: the same key from another player acts for them', async () => {
    const one = await fighter();
    const two = await fighter();
    const item = await cheapItem(one.p);
    const k = key();
    expect((await one.p.post(`/api/equipment/${item.id}/buy`, undefined, withKey(k))).status).toBe(200);
    const theirs = await two.p.post(`/api/equipment/${item.id}/buy`, undefined, withKey(k));
    expect(theirs.status).toBe(200);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    expect(await credits(two.user.id)).toBe(2500 - item.price);
  });
});

const onPostgres = /^postgres/.test(process.env.TEST_DATABASE_URL ?? '');
if (!onPostgres) console.warn('idempotency.test: the two-instance test is skipped: the database is not PostgreSQL (set DATABASE_URL to run it).');
describe.skipIf(!onPostgres)(`two instances${onPostgres ? '' : ' (skipped: the database is not PostgreSQL)'}`, () => {
  it('answers a key once across instances sharing PostgreSQL, even at the same moment', async () => {
    const second: Database = openDatabase({ url: t.database.url, poolSize: 5 });
    const config = loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: t.database.url, ...UNLIMITED_ADDRESS });
    const other = await buildApp({ config, db: second.db, clientDir: '/nonexistent' });
    await other.listen({ port: 0, host: '127.0.0.1' });
    const address = other.server.address();
    const otherBase = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    try {
      const { p, user } = await fighter();
      const onB = new Player(otherBase);
      onB.cookie = p.cookie;
      const item = await cheapItem(p);
      const k = key();
      const answers = await Promise.all([0, 1, 2, 3].map((i) => (i % 2 ? onB : p).post(`/api/equipment/${item.id}/buy`, undefined, withKey(k))));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
      for (const a of answers) expect(a.body).toEqual(answers[0]!.body);
      expect(await credits(user.id)).toBe(2500 - item.price);
    } finally {
      await other.close();
      await second.close();
    }
  });
});
