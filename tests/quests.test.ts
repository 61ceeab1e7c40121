import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CharacterView } from '../src/common/game-api';
import type { EquipmentItemView, SkillView } from '../src/common/economy-api';
import type { NotificationList } from '../src/common/notifications';
import type { QuestClaimView, QuestView } from '../src/common/quests';
import { characters, creditLedger, users } from '../src/server/db/schema';
import { domainEvents, questProgress } from '../src/server/db/schema-events';
import { userMaterials } from '../src/server/db/schema-forge';
import { pveEnemies } from '../src/server/db/schema';
import { guildMembers, guilds } from '../src/server/db/schema-guilds';
import { notifications } from '../src/server/db/schema-social';
import { dailyQuestsFor, questDay, FIRST_STEPS } from '../src/server/domain/quests';
import { Outbox, recordEvents, type Subscriber } from '../src/server/services/outbox';
import { SUBSCRIBERS } from '../src/server/services/event-subscribers';
import { serviceContext } from './helpers/context';
import { Player } from './helpers/player';
import { startTestApp, type TestApp } from './helpers/test-app';
import { waitUntil } from './helpers/test-socket';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function newPlayer() {
  const p = new Player(t.base);
  const { user } = await p.register();
  return { p, userId: user.id };
}

async function withFighter(cls = 'warrior') {
  const { p, userId } = await newPlayer();
  const character = (await p.post('/api/characters', { name: `Quester ${userId}`, class: cls, characterAvatar: `${cls}1` })).body as CharacterView;
  return { p, userId, character };
}

const quests = async (p: Player) => (await p.get('/api/quests')).body as QuestView[];
const questOf = async (p: Player, id: string) => (await quests(p)).find((q) => q.id === id)!;
const creditsOf = async (userId: number) => (await t.database.db.select({ c: users.credits }).from(users).where(eq(users.id, userId)))[0]!.c;

/** A sure win: the remembered enemy is a level-1 glitch with next to nothing. */
async function winBattle(p: Player, userId: number, characterId: number) {
  await t.database.db.update(characters).set({ lastBattleAt: null }).where(eq(characters.id, characterId));
  await t.database.db
    .insert(pveEnemies)
    .values({ userId, enemy: { name: 'Feeble Glitch', class: 'mage', level: 1, stats: { attack: 1, defense: 1, speed: 1, magic: 1 } }, rolledAt: new Date() })
    .onConflictDoUpdate({ target: pveEnemies.userId, set: { enemy: { name: 'Feeble Glitch', class: 'mage', level: 1, stats: { attack: 1, defense: 1, speed: 1, magic: 1 } } } });
  const res = await p.post('/api/battle', { characterId });
  expect(res.status).toBe(200);
  expect(res.body.result).toBe('victory');
}

describe('GET /api/quests', () => {
  it('answers the first-steps chain in order, then three dailies for today, nothing done yet', async () => {
    const { p, userId } = await newPlayer();
    expect((await new Player(t.base).get('/api/quests')).status).toBe(401);
    const list = await quests(p);
    expect(list.map((q) => q.kind)).toEqual([...FIRST_STEPS.map(() => 'first-steps'), 'daily', 'daily', 'daily']);
    expect(list.slice(0, 7).map((q) => q.id)).toEqual(FIRST_STEPS.map((q) => `first-steps:${q.key}`));
    const day = questDay(new Date());
    expect(list.slice(7).map((q) => q.id)).toEqual(dailyQuestsFor(userId, day).map((q) => `daily:${day}:${q.key}`));
    for (const q of list) {
      expect(q).toEqual({
        id: expect.any(String),
        kind: expect.stringMatching(/^(daily|first-steps)$/),
        title: expect.any(String),
        description: expect.any(String),
        progress: 0,
        goal: expect.any(Number),
        reward: { credits: expect.any(Number), materials: expect.any(Array) },
        claimed: false,
      });
    }
  });

  it('draws three different dailies, the same all day, and another set on another day', () => {
    const today = dailyQuestsFor(7, '2026-11-24').map((q) => q.key);
    expect(new Set(today).size).toBe(3);
    expect(dailyQuestsFor(7, '2026-11-24').map((q) => q.key)).toEqual(today);
    const days = ['2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28'].map((d) => dailyQuestsFor(7, d).map((q) => q.key).join());
    expect(days.some((d) => d !== today.join())).toBe(true);
  });
});

describe('quests progress from real play', () => {
  it('create a fighter, win, buy gear, learn a skill, open the market, say hello, forge: each step moves', async () => {
    const { p, userId, character } = await withFighter();
    expect((await questOf(p, 'first-steps:create-fighter')).progress).toBe(1);

    await winBattle(p, userId, character.id);
    expect((await questOf(p, 'first-steps:win-battle')).progress).toBe(1);

    const catalogue = (await p.get('/api/equipment')).body as EquipmentItemView[];
    const cheap = catalogue.filter((i) => i.price > 0 && i.level <= 1).sort((a, b) => a.price - b.price)[0]!;
    expect((await p.post(`/api/equipment/${cheap.id}/buy`)).status).toBe(200);
    expect((await questOf(p, 'first-steps:buy-gear')).progress).toBe(1);

    await t.database.db.update(characters).set({ skillPoints: 5 }).where(eq(characters.id, character.id));
    const skills = (await p.get('/api/skills/warrior')).body as SkillView[];
    const first = skills.filter((s) => s.prerequisites.level <= 1).sort((a, b) => a.baseCost - b.baseCost)[0]!;
    expect((await p.post(`/api/characters/${character.id}/learn-skill`, { skillId: first.id })).status).toBe(200);
    expect((await questOf(p, 'first-steps:learn-skill')).progress).toBe(1);

    expect((await p.get('/api/marketplace')).status).toBe(200);
    expect((await questOf(p, 'first-steps:open-market')).progress).toBe(1);
    // Once it has progress, polling the market records nothing more.
    const before = await t.database.db.select().from(domainEvents).where(and(eq(domainEvents.userId, userId), eq(domainEvents.type, 'MarketVisited')));
    await p.get('/api/marketplace');
    const after = await t.database.db.select().from(domainEvents).where(and(eq(domainEvents.userId, userId), eq(domainEvents.type, 'MarketVisited')));
    expect(after.length).toBe(before.length);

    expect((await p.post('/api/chat/messages', { message: 'hello arena' })).status).toBe(201);
    expect((await questOf(p, 'first-steps:say-hello')).progress).toBe(1);

    // Forging needs the set's materials; tries until one succeeds (each attempt is a coin flip).
    await t.database.db.insert(userMaterials).values(
      ['glitch_shard', 'corrupted_byte', 'static_dust', 'null_essence', 'overclocked_core', 'frozen_cache', 'void_pointer', 'phoenix_packet', 'quantum_bit', 'kernel_fragment'].map(
        (materialId) => ({ userId, materialId, amount: 200 }),
      ),
    ).onConflictDoUpdate({ target: [userMaterials.userId, userMaterials.materialId], set: { amount: 200 } });
    let forged = false;
    for (let i = 0; i < 40 && !forged; i++) {
      const res = await p.post('/api/forge/create', { equipmentSet: 'earth_shaker', slot: 'weapon', materials: {} });
      expect(res.status).toBe(200);
      forged = res.body.success === true;
    }
    expect(forged).toBe(true);
    expect((await questOf(p, 'first-steps:forge')).progress).toBe(1);
  });

  it('a victory still credits the guild through its event: contribution and experience', async () => {
    const { p, userId, character } = await withFighter();
    expect((await p.post('/api/guilds', { name: `Q Guild ${userId}`, description: 'Questers', guildAvatar: 'dragon', isPrivate: false, maxMembers: 10 })).status).toBe(201);
    const [member] = await t.database.db.select().from(guildMembers).where(eq(guildMembers.userId, userId));
    const [before] = await t.database.db.select().from(guilds).where(eq(guilds.id, member!.guildId));
    await winBattle(p, userId, character.id);
    const [memberAfter] = await t.database.db.select().from(guildMembers).where(eq(guildMembers.userId, userId));
    const [after] = await t.database.db.select().from(guilds).where(eq(guilds.id, member!.guildId));
    expect(after!.experience - before!.experience).toBe(10);
    expect(memberAfter!.contributionPoints - member!.contributionPoints).toBe(10);
  });
});

describe('POST /api/quests/{id}/claim', () => {
  it("marks the quest's notification read: the bell no longer asks for a reward already taken", async () => {
    const { p, userId } = await withFighter();
    const told = () => t.database.db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.kind, 'quest_ready')));
    const unread = async () => ((await p.get('/api/notifications')).body as NotificationList).unread;
    expect((await p.post('/api/chat/messages', { message: 'hello arena' })).status).toBe(201);
    await waitUntil(async () => (await told()).length === 2);
    const before = await unread();
    expect((await p.post('/api/quests/first-steps:create-fighter/claim')).status).toBe(200);
    const after = await told();
    expect(after.find((n) => n.text.includes('A Fighter Is Born'))?.readAt).not.toBeNull();
    // The other quest's stays unread until its own claim.
    expect(after.find((n) => n.text.includes('Say Hello'))?.readAt).toBeNull();
    expect(await unread()).toBe(before - 1);
    expect((await p.post('/api/quests/first-steps:say-hello/claim')).status).toBe(200);
    expect(await unread()).toBe(before - 2);
  });

  it('pays a finished quest once through the ledger, with its materials', async () => {
    const { p, userId } = await withFighter();
    const credits = await creditsOf(userId);
    const res = await p.post('/api/quests/first-steps:create-fighter/claim');
    expect(res.status).toBe(200);
    const claim = res.body as QuestClaimView;
    expect(claim.quest).toMatchObject({ id: 'first-steps:create-fighter', progress: 1, goal: 1, claimed: true });
    expect(claim.credits).toBe(credits + 100);
    expect(await creditsOf(userId)).toBe(credits + 100);
    const ledger = await t.database.db.select().from(creditLedger).where(and(eq(creditLedger.userId, userId), eq(creditLedger.reason, 'quest_reward')));
    expect(ledger.map((r) => [r.delta, r.reference])).toEqual([[100, 'quest:first-steps:create-fighter']]);

    const again = await p.post('/api/quests/first-steps:create-fighter/claim');
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: 'Quest reward already claimed' });
    expect(await creditsOf(userId)).toBe(credits + 100);
    expect((await questOf(p, 'first-steps:create-fighter')).claimed).toBe(true);
  });

  it('grants the materials of a quest that pays them', async () => {
    const { p, userId, character } = await withFighter();
    await winBattle(p, userId, character.id);
    const held = async () =>
      (await t.database.db.select().from(userMaterials).where(and(eq(userMaterials.userId, userId), eq(userMaterials.materialId, 'glitch_shard'))))[0]?.amount ?? 0;
    const before = await held();
    expect((await p.post('/api/quests/first-steps:win-battle/claim')).status).toBe(200);
    expect(await held()).toBe(before + 2);
  });

  it('refuses unfinished (409), unknown (404), malformed (400) and other days\' quests, changing nothing', async () => {
    const { p, userId } = await withFighter();
    const credits = await creditsOf(userId);
    const unfinished = await p.post('/api/quests/first-steps:forge/claim');
    expect(unfinished.status).toBe(409);
    expect(unfinished.body).toEqual({ message: 'Quest is not finished yet' });
    expect((await p.post('/api/quests/first-steps:nothing/claim')).status).toBe(404);
    expect((await p.post('/api/quests/daily:2020-01-01:win-5/claim')).status).toBe(404);
    const notDrawn = ['win-pve-3', 'fight-5', 'win-pvp', 'level-up', 'buy-item', 'forge-item', 'chat-3', 'win-5'].find(
      (k) => !dailyQuestsFor(userId, questDay(new Date())).some((q) => q.key === k),
    )!;
    expect((await p.post(`/api/quests/daily:${questDay(new Date())}:${notDrawn}/claim`)).status).toBe(404);
    const bad = await p.post(`/api/quests/${encodeURIComponent('<script>')}/claim`);
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: 'Invalid quest id' });
    expect((await new Player(t.base).post('/api/quests/first-steps:create-fighter/claim')).status).toBe(401);
    expect(await creditsOf(userId)).toBe(credits);
  });

  it('pays once when two claims arrive at once, and each player claims only their own progress', async () => {
    const { p, userId } = await withFighter();
    const other = await newPlayer();
    const credits = await creditsOf(userId);
    const answers = await Promise.all([1, 2, 3].map(() => p.post('/api/quests/first-steps:create-fighter/claim')));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    expect(await creditsOf(userId)).toBe(credits + 100);
    // The other player has no fighter: the same quest id is theirs and unfinished.
    expect((await other.p.post('/api/quests/first-steps:create-fighter/claim')).status).toBe(409);
  });

  it('an Idempotency-Key repeat answers the first answer again', async () => {
    const { p, userId } = await withFighter();
    const credits = await creditsOf(userId);
    const key = { 'idempotency-key': `quest-${userId}-claim` };
    const first = await p.post('/api/quests/first-steps:create-fighter/claim', undefined, key);
    const second = await p.post('/api/quests/first-steps:create-fighter/claim', undefined, key);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body).toEqual(first.body);
    expect(await creditsOf(userId)).toBe(credits + 100);
  });
});

describe('the outbox', () => {
  it('records an event exactly when its change commits: a refused action leaves none', async () => {
    const { p, userId } = await withFighter();
    const count = async () => (await t.database.db.select().from(domainEvents).where(eq(domainEvents.userId, userId))).length;
    const before = await count();
    // A purchase refused for want of credits records nothing.
    await t.database.db.update(users).set({ credits: 0 }).where(eq(users.id, userId));
    const catalogue = (await p.get('/api/equipment')).body as EquipmentItemView[];
    const item = catalogue.find((i) => i.price > 0 && i.level <= 1)!;
    expect((await p.post(`/api/equipment/${item.id}/buy`)).status).toBe(400);
    expect(await count()).toBe(before);
  });

  it('handles each event once when two instances drain at once, and marks it processed', async () => {
    const { p, userId } = await withFighter();
    // From here on only the outboxes of these tests drain (the app's would take events too).
    await t.app.outbox.close();
    const ctxA = serviceContext(t.database.db);
    const ctxB = serviceContext(t.database.db);
    const a = new Outbox(ctxA, SUBSCRIBERS, { pollMs: 0, batch: 7 });
    const b = new Outbox(ctxB, SUBSCRIBERS, { pollMs: 0, batch: 7 });
    await t.database.db.transaction((tx) => recordEvents(tx, Array.from({ length: 30 }, () => ({ type: 'ChatPosted' as const, userId })), new Date()));
    const handled = await Promise.all([a.drain(), b.drain()]);
    const daily = (await quests(p)).find((q) => q.id.endsWith(':chat-3'));
    // Besides the 30, the quests they finished are events of their own (QuestReady), handled once too.
    const ready = await t.database.db.select().from(domainEvents).where(and(eq(domainEvents.userId, userId), eq(domainEvents.type, 'QuestReady')));
    const readyNow = ready.filter((e) => e.payload.type === 'QuestReady' && (e.payload.questId === 'first-steps:say-hello' || e.payload.questId.endsWith(':chat-3')));
    expect(readyNow).toHaveLength(daily ? 2 : 1);
    expect(handled[0]! + handled[1]!).toBe(30 + readyNow.length);
    const [row] = await t.database.db
      .select()
      .from(questProgress)
      .where(and(eq(questProgress.userId, userId), eq(questProgress.questId, 'first-steps:say-hello')));
    expect(row!.progress).toBe(30);
    // Progress shows capped at the goal.
    expect((await questOf(p, 'first-steps:say-hello')).progress).toBe(1);
    if (daily) expect(daily.progress).toBe(3);
    const pending = await t.database.db.select().from(domainEvents).where(and(eq(domainEvents.userId, userId), eq(domainEvents.type, 'ChatPosted')));
    expect(pending.every((e) => e.processedAt !== null)).toBe(true);
  });

  it('handles the events its subscribers record (a quest finished) in the same pass, stored processed', async () => {
    const { userId } = await withFighter();
    // Only this test's outbox drains; it counts its passes (each one transaction).
    await t.app.outbox.close();
    const db = t.database.db;
    let passes = 0;
    const counted = new Proxy(db, {
      get(target, key) {
        if (key === 'transaction') return (...args: Parameters<typeof db.transaction>) => ((passes += 1), target.transaction(...args));
        const value = Reflect.get(target, key) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    const outbox = new Outbox({ ...serviceContext(db), db: counted }, SUBSCRIBERS, { pollMs: 0 });
    await outbox.drain(); // Anything earlier tests left (the fighter's own quest).
    passes = 0;
    const readyOf = () => db.select().from(domainEvents).where(and(eq(domainEvents.userId, userId), eq(domainEvents.type, 'QuestReady')));
    const before = new Set((await readyOf()).map((e) => e.id));
    await db.transaction((tx) => recordEvents(tx, [{ type: 'ChatPosted', userId }], new Date()));
    const handled = await outbox.drain();
    const ready = (await readyOf()).filter((e) => !before.has(e.id));
    expect(ready.map((e) => e.payload.type === 'QuestReady' && e.payload.questId)).toContain('first-steps:say-hello');
    // The chat line and the quests it finished, in one pass: the quest's notification too.
    expect(handled).toBe(1 + ready.length);
    expect(passes).toBe(1);
    expect(ready.every((e) => e.processedAt !== null && e.attempts === 0)).toBe(true);
    const told = await db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.kind, 'quest_ready')));
    expect(told.map((n) => n.text)).toContain('Quest complete: Say Hello. Your reward is ready to claim.');
    await outbox.close();
  });

  it('sets aside an event whose subscriber keeps failing, after its attempts, and lets the rest through', async () => {
    const { userId } = await withFighter();
    const seen: number[] = [];
    const picky: Subscriber = {
      name: 'picky',
      async handle(_tx, events) {
        for (const e of events) {
          if (e.event.type === 'ItemBought' && e.event.price === 13) throw new Error('unlucky price');
          seen.push(e.id);
        }
      },
    };
    const ctx = serviceContext(t.database.db);
    const outbox = new Outbox(ctx, [picky], { pollMs: 0, maxAttempts: 3 });
    await outbox.drain(); // Anything earlier tests left.
    seen.length = 0;
    await t.database.db.transaction((tx) =>
      recordEvents(
        tx,
        [12, 13, 14].map((price) => ({ type: 'ItemBought' as const, userId, itemId: 'x', price })),
        new Date(),
      ),
    );
    await outbox.drain();
    const rows = await t.database.db.select().from(domainEvents).where(and(eq(domainEvents.userId, userId), eq(domainEvents.type, 'ItemBought')));
    const byPrice = new Map(rows.map((r) => [(r.payload as { price: number }).price, r]));
    expect(byPrice.get(12)!.processedAt).not.toBeNull();
    expect(byPrice.get(14)!.processedAt).not.toBeNull();
    expect(byPrice.get(13)!.processedAt).toBeNull();
    expect(byPrice.get(13)!.attempts).toBe(3);
    expect(byPrice.get(13)!.lastError).toContain('unlucky price');
    expect(seen).toContain(byPrice.get(14)!.id);
    // Set aside: a later drain leaves it alone.
    expect(await outbox.drain()).toBe(0);
  });
});
