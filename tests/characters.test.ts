import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHARACTER_MESSAGES } from '../src/common/characters';
import type { CharacterView } from '../src/common/game-api';
import { characters } from '../src/server/db/schema';
import { Player } from './helpers/player';
import { startTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function playerWithCharacter(body: Record<string, unknown> = { name: 'Byte Knight', class: 'warrior', characterAvatar: 'warrior1' }) {
  const p = new Player(t.base);
  const account = await p.register();
  const res = await p.post('/api/characters', body);
  expect(res.status).toBe(201);
  return { p, account, character: res.body as CharacterView };
}

describe('POST /api/characters', () => {
  it('creates a level-1 fighter with class stats, trimmed name and the avatar asked for', async () => {
    const { p, character } = await playerWithCharacter({ name: '  Pixel Mage  ', class: 'mage', characterAvatar: 'mage2' });
    expect(character).toMatchObject({
      name: 'Pixel Mage',
      class: 'mage',
      characterAvatar: 'mage2',
      imageSet: 'default',
      level: 1,
      experience: 0,
      experienceToNext: 100,
      wins: 0,
      losses: 0,
      value: 500,
      isForged: false,
      statPoints: 0,
      skillPoints: 0,
      lastBattleAt: null,
      lastPvPBattleAt: null,
      listing: null,
    });
    const { attack, defense, speed, magic } = character.stats;
    expect(character.powerLevel).toBe(attack + defense + speed + magic);
    expect(character.maxHp).toBe(2 * defense);
    expect(magic).toBeGreaterThan(attack);

    const list = await p.get('/api/characters');
    expect(list.body).toEqual([character]);
    expect((await p.get('/api/character')).body).toEqual(character);
  });

  it('trims the name before counting it: spaces around 20 characters do not make it too long, 21 characters do', async () => {
    const twenty = 'Abcdefghij Klmnopqrs';
    expect(twenty).toHaveLength(20);
    const { character } = await playerWithCharacter({ name: `   ${twenty}  `, class: 'rogue', characterAvatar: 'rogue1' });
    expect(character.name).toBe(twenty);
    const p = new Player(t.base);
    await p.register();
    const res = await p.post('/api/characters', { name: `  ${twenty}x`, class: 'rogue', characterAvatar: 'rogue1' });
    expect(res.status).toBe(400);
    expect((res.body as { message: string }).message).toBe(CHARACTER_MESSAGES.nameTooLong);
  });

  it('falls back to warrior1 for an unknown avatar', async () => {
    const { character } = await playerWithCharacter({ name: 'Odd', class: 'rogue', characterAvatar: '../../etc/passwd' });
    expect(character.characterAvatar).toBe('warrior1');
  });

  it('allows one character per account: the second is 409', async () => {
    const { p } = await playerWithCharacter();
    const res = await p.post('/api/characters', { name: 'Second', class: 'tank', characterAvatar: 'tank1' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'You can only have one character per account' });
    expect((await p.get('/api/characters')).body).toHaveLength(1);
  });

  it('lets only one of two simultaneous creations through', async () => {
    const p = new Player(t.base);
    await p.register();
    const answers = await Promise.all(
      ['A', 'B', 'C'].map((name) => p.post('/api/characters', { name, class: 'warrior', characterAvatar: 'warrior1' })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    expect((await p.get('/api/characters')).body).toHaveLength(1);
  });

  it.each([
    [{ name: '', class: 'warrior' }, CHARACTER_MESSAGES.nameRequired],
    [{ name: '    ', class: 'warrior' }, CHARACTER_MESSAGES.nameRequired],
    [{ name: 'x'.repeat(21), class: 'warrior' }, CHARACTER_MESSAGES.nameTooLong],
    [{ name: 'Ok', class: 'wizard' }, CHARACTER_MESSAGES.unknownClass],
    [{ name: 'Ok' }, CHARACTER_MESSAGES.unknownClass],
  ])('refuses %o with 400 and creates nothing', async (body, message) => {
    const p = new Player(t.base);
    await p.register();
    const res = await p.post('/api/characters', body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message });
    expect((await p.get('/api/characters')).body).toEqual([]);
  });

  it('needs a session', async () => {
    const res = await new Player(t.base).post('/api/characters', { name: 'x', class: 'warrior' });
    expect(res.status).toBe(401);
  });

  it('GET /api/character is 404 without a character', async () => {
    const p = new Player(t.base);
    await p.register();
    const res = await p.get('/api/character');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('You have no character yet');
  });
});

describe('progression and stat points', () => {
  it('reports progression and spends stat points', async () => {
    const { p, character } = await playerWithCharacter();
    await t.database.db.update(characters).set({ statPoints: 3, skillPoints: 1 }).where(eq(characters.id, character.id));

    const prog = await p.get(`/api/characters/${character.id}/progression`);
    expect(prog.body).toEqual({ level: 1, experience: 0, experienceToNext: 100, availableSkillPoints: 1, statPoints: 3 });

    const res = await p.post(`/api/characters/${character.id}/allocate-stats`, { attack: 2, speed: 1 });
    expect(res.status).toBe(200);
    expect(res.body.statPoints).toBe(0);
    expect(res.body.stats.attack).toBe(character.stats.attack + 2);
    expect(res.body.stats.speed).toBe(character.stats.speed + 1);
    expect(res.body.stats.defense).toBe(character.stats.defense);

    const more = await p.post(`/api/characters/${character.id}/allocate-stats`, { magic: 1 });
    expect(more.status).toBe(400);
    expect(more.body).toEqual({ message: CHARACTER_MESSAGES.notEnoughStatPoints });
  });

  it.each([
    [{ attack: -1 }, CHARACTER_MESSAGES.statPointsWhole],
    [{ attack: 1.5 }, CHARACTER_MESSAGES.statPointsWhole],
    [{}, CHARACTER_MESSAGES.noStatPoints],
  ])('refuses allocation %o with 400', async (body, message) => {
    const { p, character } = await playerWithCharacter();
    const res = await p.post(`/api/characters/${character.id}/allocate-stats`, body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message });
  });

  it("refuses another player's character with 403 and an unknown one with 404, changing nothing", async () => {
    const { character } = await playerWithCharacter();
    await t.database.db.update(characters).set({ statPoints: 3 }).where(eq(characters.id, character.id));
    const { p: other } = await playerWithCharacter();

    expect((await other.get(`/api/characters/${character.id}/progression`)).status).toBe(403);
    const res = await other.post(`/api/characters/${character.id}/allocate-stats`, { attack: 1 });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'This character is not yours' });
    const [row] = await t.database.db.select().from(characters).where(eq(characters.id, character.id));
    expect(row!.statPoints).toBe(3);

    expect((await other.get('/api/characters/99999999/progression')).status).toBe(404);
    expect((await other.get('/api/characters/abc/progression')).status).toBe(400);
  });
});
