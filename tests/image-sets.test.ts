import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImageSetView } from '../src/common/economy-api';
import type { CharacterView } from '../src/common/game-api';
import { IMAGE_SETS } from '../src/common/image-sets';
import { characters, creditLedger } from '../src/server/db/schema';
import { userImageSets } from '../src/server/db/schema-forge';
import { Player } from './helpers/player';
import { startTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function stylist({ level = 1, wins = 0, avatar = 'mage2' } = {}) {
  const p = new Player(t.base);
  const { user } = await p.register();
  const character = (await p.post('/api/characters', { name: 'Stylist', class: 'mage', characterAvatar: avatar }))
    .body as CharacterView;
  await t.database.db.update(characters).set({ level, wins }).where(eq(characters.id, character.id));
  return { p, userId: user.id, character };
}

const change = (p: Player, characterId: number, imageSet: string) =>
  p.post('/api/character/change-image-set', { characterId, imageSet });

const credits = async (p: Player) => ((await p.get('/api/user')).body as { credits: number }).credits;

const purchases = (userId: number) =>
  t.database.db
    .select()
    .from(creditLedger)
    .where(and(eq(creditLedger.userId, userId), eq(creditLedger.reason, 'image_set_purchase')));

const look = async (p: Player) => ((await p.get('/api/character')).body as CharacterView).imageSet;

describe('GET /api/character/image-sets', () => {
  it('needs a session and a character', async () => {
    expect((await new Player(t.base).get('/api/character/image-sets')).status).toBe(401);
    const bare = new Player(t.base);
    await bare.register();
    const res = await bare.get('/api/character/image-sets');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Create a character first' });
  });

  it('lists every set for the current character with preview, cost, requirement and state', async () => {
    const { p } = await stylist({ level: 5 });
    const res = await p.get('/api/character/image-sets');
    expect(res.status).toBe(200);
    const sets = res.body as ImageSetView[];
    expect(sets.map((s) => s.id)).toEqual(IMAGE_SETS.map((s) => s.id));

    const byId = Object.fromEntries(sets.map((s) => [s.id, s]));
    expect(byId.default).toEqual({
      id: 'default',
      name: 'Classic',
      description: IMAGE_SETS[0]!.description,
      cost: 0,
      preview: 'mage2.svg',
      unlockRequirement: { text: 'None' },
      unlocked: true,
      requirementMet: true,
      current: true,
    });
    expect(byId.neon).toMatchObject({
      cost: 500,
      preview: 'mage2-neon.svg',
      unlockRequirement: { level: 2, text: 'Level 2' },
      unlocked: false,
      requirementMet: true,
      current: false,
    });
    expect(byId.shadow!.requirementMet).toBe(true);
    expect(byId.inferno).toMatchObject({ unlockRequirement: { wins: 10, text: '10 wins' }, requirementMet: false });
    expect(byId.golden).toMatchObject({ unlockRequirement: { level: 15, wins: 25, text: 'Level 15 and 25 wins' }, requirementMet: false });
    expect(byId.corrupted!.requirementMet).toBe(false);
  });
});

describe('POST /api/character/change-image-set', () => {
  it('pays once through the ledger; changing back and forth later costs nothing', async () => {
    const { p, userId, character } = await stylist({ level: 2 });
    const res = await change(p, character.id, 'neon');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Image set changed to Neon Overdrive' });
    expect(await credits(p)).toBe(2000);
    expect(await look(p)).toBe('neon');

    const ledger = await purchases(userId);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ delta: -500, reference: 'image_set:neon', balanceAfter: 2000 });

    const sets = (await p.get('/api/character/image-sets')).body as ImageSetView[];
    expect(sets.find((s) => s.id === 'neon')).toMatchObject({ unlocked: true, current: true });
    expect(sets.find((s) => s.id === 'default')).toMatchObject({ unlocked: true, current: false });

    expect((await change(p, character.id, 'default')).body).toEqual({ message: 'Image set changed to Classic' });
    expect(await look(p)).toBe('default');
    expect((await change(p, character.id, 'neon')).status).toBe(200);
    expect(await look(p)).toBe('neon');
    expect(await credits(p)).toBe(2000);
    expect(await purchases(userId)).toHaveLength(1);
  });

  it('refuses the look already worn', async () => {
    const { p, character } = await stylist();
    const res = await change(p, character.id, 'default');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Already wearing that look' });
  });

  it('refuses an unmet level or wins requirement with 400 and charges nothing', async () => {
    const { p, userId, character } = await stylist({ level: 1, wins: 3 });
    const level = await change(p, character.id, 'neon');
    expect(level.status).toBe(400);
    expect(level.body).toEqual({ message: 'Requires level 2' });
    const wins = await change(p, character.id, 'inferno');
    expect(wins.status).toBe(400);
    expect(wins.body).toEqual({ message: 'Requires 10 wins' });
    expect(await credits(p)).toBe(2500);
    expect(await purchases(userId)).toEqual([]);
    expect(await look(p)).toBe('default');
  });

  it('refuses a set the player cannot afford with 400 and charges nothing', async () => {
    const { p, userId, character } = await stylist({ level: 15, wins: 25 });
    const res = await change(p, character.id, 'golden');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Insufficient credits' });
    expect(await credits(p)).toBe(2500);
    expect(await purchases(userId)).toEqual([]);
    expect(await t.database.db.select().from(userImageSets).where(eq(userImageSets.userId, userId))).toEqual([]);
    expect(await look(p)).toBe('default');
  });

  it("refuses another player's character with 403 and an unknown one with 404", async () => {
    const owner = await stylist({ level: 5 });
    const { p, userId } = await stylist({ level: 5 });
    const theirs = await change(p, owner.character.id, 'neon');
    expect(theirs.status).toBe(403);
    expect(await look(owner.p)).toBe('default');
    expect(await credits(p)).toBe(2500);
    expect(await credits(owner.p)).toBe(2500);
    expect(await purchases(userId)).toEqual([]);

    expect((await change(p, 999_999, 'neon')).status).toBe(404);
  });

  it('refuses an unknown set with 404 and bad input with 400', async () => {
    const { p, character } = await stylist({ level: 5 });
    const unknown = await change(p, character.id, 'rainbow');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'Image set not found' });
    for (const body of [{}, { characterId: character.id }, { characterId: 'x', imageSet: 'neon' }, { characterId: character.id, imageSet: '' }]) {
      expect((await p.post('/api/character/change-image-set', body)).status).toBe(400);
    }
    expect((await new Player(t.base).post('/api/character/change-image-set', { characterId: 1, imageSet: 'neon' })).status).toBe(401);
  });

  it('charges once for parallel changes of one character', async () => {
    const { p, userId, character } = await stylist({ level: 5 });
    const answers = await Promise.all(Array.from({ length: 5 }, () => change(p, character.id, 'shadow')));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400, 400, 400]);
    expect(await credits(p)).toBe(1500);
    expect(await purchases(userId)).toHaveLength(1);
    expect(await look(p)).toBe('shadow');
  });

  it('charges once when two characters of one player change into the same set at once', async () => {
    const { p, userId, character } = await stylist({ level: 5 });
    const [second] = await t.database.db
      .insert(characters)
      .values({ userId, name: 'Bought', class: 'rogue', characterAvatar: 'rogue1', level: 5 })
      .returning();
    const answers = await Promise.all([change(p, character.id, 'neon'), change(p, second!.id, 'neon')]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(await credits(p)).toBe(2000);
    expect(await purchases(userId)).toHaveLength(1);
    const looks = (await p.get('/api/characters')).body as CharacterView[];
    expect(looks.map((c) => c.imageSet)).toEqual(['neon', 'neon']);
  });
});
