import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_MESSAGES, type ChatMessageView } from '../src/common/chat';
import type { BattleResultView, CharacterView } from '../src/common/game-api';
import { characters } from '../src/server/db/schema';
import { chatMessages } from '../src/server/db/schema-chat';
import { forgeOutcome } from '../src/server/domain/forge';
import { EQUIPMENT_SET_LIST } from '../src/server/domain/forge-sets';
import { createRng } from '../src/server/domain/rng';
import { forgeWith, grantMaterials } from '../src/server/services/forge';
import { Player } from './helpers/player';
import { startTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function chatter() {
  const p = new Player(t.base);
  const { user } = await p.register();
  return { p, user };
}

const systemMessages = async () =>
  (await t.database.db.select().from(chatMessages).where(eq(chatMessages.type, 'system'))).map((r) => r.message);

describe('POST /api/chat/messages', () => {
  it('stores the trimmed text under the session user, whatever the body claims', async () => {
    const { p, user } = await chatter();
    const { user: other } = await chatter();
    const res = await p.post('/api/chat/messages', {
      message: '   hello arena  ',
      userId: other.id,
      username: other.username,
      type: 'system',
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      userId: user.id,
      username: user.username,
      message: 'hello arena',
      text: 'hello arena',
      type: 'player',
      createdAt: expect.any(String),
    });
    const [row] = await t.database.db.select().from(chatMessages).where(eq(chatMessages.id, res.body.id));
    expect(row).toMatchObject({ userId: user.id, username: user.username, message: 'hello arena', type: 'player' });
  });

  it.each([
    ['empty', '', CHAT_MESSAGES.empty],
    ['only spaces', '    \n\t ', CHAT_MESSAGES.empty],
    ['501 characters', 'x'.repeat(501), CHAT_MESSAGES.tooLong],
    ['not a string', 42, CHAT_MESSAGES.empty],
    ['missing', undefined, CHAT_MESSAGES.empty],
  ])('refuses a message that is %s with 400', async (_name, message, text) => {
    const { p, user } = await chatter();
    const res = await p.post('/api/chat/messages', message === undefined ? {} : { message });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: text });
    expect(await t.database.db.select().from(chatMessages).where(eq(chatMessages.userId, user.id))).toEqual([]);
  });

  it('accepts exactly 500 characters, counted after trimming', async () => {
    const { p } = await chatter();
    const res = await p.post('/api/chat/messages', { message: `  ${'y'.repeat(500)}  ` });
    expect(res.status).toBe(201);
    expect(res.body.message).toHaveLength(500);
  });

  it('needs a session (401) for reading and posting', async () => {
    const anonymous = new Player(t.base);
    expect((await anonymous.get('/api/chat/messages')).status).toBe(401);
    expect((await anonymous.post('/api/chat/messages', { message: 'hi' })).status).toBe(401);
  });

  it('refuses a cross-origin post with 403', async () => {
    const { p } = await chatter();
    const res = await p.post('/api/chat/messages', { message: 'hi' }, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
  });

  it('lets 5 messages through in 10 s and answers the 6th with 429 and a clear text', async () => {
    const { p, user } = await chatter();
    for (let i = 1; i <= 5; i++) expect((await p.post('/api/chat/messages', { message: `m${i}` })).status).toBe(201);
    const sixth = await p.post('/api/chat/messages', { message: 'm6' });
    expect(sixth.status).toBe(429);
    expect(sixth.body).toEqual({ message: CHAT_MESSAGES.rateLimited });
    // Another player is not affected.
    const { p: other } = await chatter();
    expect((await other.post('/api/chat/messages', { message: 'me too' })).status).toBe(201);
    // Once the window has passed, the player may talk again.
    await t.database.db
      .update(chatMessages)
      .set({ createdAt: new Date(Date.now() - 11_000) })
      .where(eq(chatMessages.userId, user.id));
    expect((await p.post('/api/chat/messages', { message: 'back' })).status).toBe(201);
  });

  it('holds the limit when ten posts race', async () => {
    const { p, user } = await chatter();
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => p.post('/api/chat/messages', { message: `r${i}` })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(5);
    expect(await t.database.db.select().from(chatMessages).where(eq(chatMessages.userId, user.id))).toHaveLength(5);
  });
});

describe('GET /api/chat/messages', () => {
  it('answers the last 50 oldest first, and older ones before a cursor', async () => {
    const { p, user } = await chatter();
    await t.database.db.insert(chatMessages).values(
      Array.from({ length: 60 }, (_, i) => ({ userId: user.id, username: user.username, message: `bulk ${i}` })),
    );
    const latest = (await p.get('/api/chat/messages')).body as ChatMessageView[];
    expect(latest).toHaveLength(50);
    expect(latest.at(-1)!.message).toBe('bulk 59');
    expect(latest[0]!.message).toBe('bulk 10');
    const ids = latest.map((m) => m.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));

    const older = (await p.get(`/api/chat/messages?before=${latest[0]!.id}&limit=5`)).body as ChatMessageView[];
    expect(older.map((m) => m.message)).toEqual(['bulk 5', 'bulk 6', 'bulk 7', 'bulk 8', 'bulk 9']);
    const page = (await p.get(`/api/chat/messages?before=${older[0]!.id}`)).body as ChatMessageView[];
    expect(page.at(-1)!.message).toBe('bulk 4');
    expect(page.every((m) => m.id < older[0]!.id)).toBe(true);
  });

  it('refuses a bad cursor or limit with 400', async () => {
    const { p } = await chatter();
    for (const q of ['before=abc', 'before=-1', 'limit=0', 'limit=51']) {
      expect((await p.get(`/api/chat/messages?${q}`)).status).toBe(400);
    }
  });
});

describe('system messages', () => {
  it('announce a level milestone of 10, and not a plain level-up', async () => {
    const { p, user } = await chatter();
    const character = (await p.post('/api/characters', { name: 'Climber', class: 'warrior', characterAvatar: 'warrior1' }))
      .body as CharacterView;
    const before = await systemMessages();
    // A plain level-up (1 → 2) first, then one to level 10.
    await t.database.db.update(characters).set({ experience: 99 }).where(eq(characters.id, character.id));
    const plain = (await p.post('/api/battle', { characterId: character.id })).body as BattleResultView;
    expect(plain.levelsGained).toBeGreaterThanOrEqual(1);
    await t.database.db.update(characters).set({ level: 9, experience: 899, lastBattleAt: null }).where(eq(characters.id, character.id));
    const milestone = (await p.post('/api/battle', { characterId: character.id })).body as BattleResultView;
    expect(milestone.character.level).toBe(10);

    const text = `${user.username}'s Climber reached level 10!`;
    await expect.poll(systemMessages).toContain(text);
    expect((await systemMessages()).filter((m) => !before.includes(m) && m.includes('Climber'))).toEqual([text]);
    const latest = (await p.get('/api/chat/messages')).body as ChatMessageView[];
    expect(latest.find((m) => m.message === text)).toMatchObject({ type: 'system', userId: null, username: 'System' });
  });

  it('announce a forged piece of legendary rarity or better, and not an epic one', async () => {
    const { p, user } = await chatter();
    const character = (await p.post('/api/characters', { name: 'Smith', class: 'warrior', characterAvatar: 'warrior1' }))
      .body as CharacterView;
    await t.database.db.update(characters).set({ level: 50 }).where(eq(characters.id, character.id));
    const seed = Array.from({ length: 100 }, (_, i) => i).find((s) => forgeOutcome(createRng(s)).success)!;
    const epic = EQUIPMENT_SET_LIST.find((s) => s.rarity === 'epic')!;
    const legendary = EQUIPMENT_SET_LIST.find((s) => s.rarity === 'legendary')!;
    for (const set of [epic, legendary]) {
      await t.database.db.transaction((tx) =>
        grantMaterials(
          tx,
          user.id,
          Object.entries(set.requiredMaterials).map(([materialId, amount]) => ({ materialId: materialId as never, amount })),
        ),
      );
    }
    const before = await systemMessages();
    const plain = await forgeWith(t.app.ctx, user.id, { equipmentSet: epic.id, slot: 'weapon' }, seed);
    expect(plain.success).toBe(true);

    const grand = await forgeWith(t.app.ctx, user.id, { equipmentSet: legendary.id, slot: 'armor' }, seed);
    expect(grand.success).toBe(true);
    const text = `${user.username} forged ${grand.owned!.equipment.name}, a legendary piece!`;
    // Once the legendary one is announced, the epic one (forged before) would have been too.
    await expect.poll(systemMessages).toContain(text);
    expect((await systemMessages()).filter((m) => !before.includes(m))).toEqual([text]);
  });
});
