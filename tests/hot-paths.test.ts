import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CharacterView } from '../src/common/game-api';
import type { EquipmentItemView, SkillView } from '../src/common/economy-api';
import { STATEMENTS_HEADER } from '../src/server/app';
import { characters } from '../src/server/db/schema';
import { Player, type Answer } from './helpers/player';
import { startTestApp, type TestApp } from './helpers/test-app';

/**
 * The hottest requests, counted statement by statement (each answer carries the count of SQL
 * statements it ran): a change that adds a round trip to one of them fails here.
 */
let t: TestApp;
beforeAll(async () => {
  // The leaderboard is served from memory as in production.
  t = await startTestApp({ env: { LEADERBOARD_CACHE_MS: '1000' } });
});
afterAll(async () => {
  await t?.close();
});

const statements = (a: Answer) => Number(a.headers.get(STATEMENTS_HEADER));

/** A player whose fighter wears gear and knows a skill, so the joins have rows to bring. */
async function equippedFighter() {
  const p = new Player(t.base);
  const { user } = await p.register();
  const character = (await p.post('/api/characters', { name: `Hot ${user.id}`, class: 'warrior', characterAvatar: 'warrior1' })).body as CharacterView;
  const catalogue = (await p.get('/api/equipment')).body as EquipmentItemView[];
  const item = catalogue.filter((i) => i.price > 0 && i.level <= 1).sort((a, b) => a.price - b.price)[0]!;
  expect((await p.post(`/api/equipment/${item.id}/buy`)).status).toBe(200);
  await t.database.db.update(characters).set({ skillPoints: 5 }).where(eq(characters.id, character.id));
  const skill = ((await p.get('/api/skills/warrior')).body as SkillView[]).filter((s) => s.prerequisites.level <= 1).sort((a, b) => a.baseCost - b.baseCost)[0]!;
  expect((await p.post(`/api/characters/${character.id}/learn-skill`, { skillId: skill.id })).status).toBe(200);
  return { p, userId: user.id, character };
}

describe('statements per request', () => {
  it('GET /api/user: at most 1; GET /api/characters and /api/character: at most 2, gear and skills included', async () => {
    const { p, character } = await equippedFighter();
    const user = await p.get('/api/user');
    expect(user.status).toBe(200);
    expect(statements(user)).toBeLessThanOrEqual(1);
    const list = await p.get('/api/characters');
    expect(list.status).toBe(200);
    expect(statements(list)).toBeLessThanOrEqual(2);
    const [mine] = list.body as CharacterView[];
    // The gear's and the skill's bonuses are in the stats the one statement built.
    const bare = character.stats;
    expect(mine!.stats.attack + mine!.stats.defense + mine!.stats.speed + mine!.stats.magic).toBeGreaterThan(bare.attack + bare.defense + bare.speed + bare.magic);
    const current = await p.get('/api/character');
    expect(statements(current)).toBeLessThanOrEqual(2);
    expect(current.body).toEqual(mine);
  });

  it('players asking at the same moment each get their own answer (reads of one turn share a statement)', async () => {
    const players = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const p = new Player(t.base);
        const { user } = await p.register();
        const character = (await p.post('/api/characters', { name: `Same ${user.id}`, class: i % 2 ? 'mage' : 'rogue', characterAvatar: i % 2 ? 'mage1' : 'rogue1' })).body as CharacterView;
        return { p, user, character };
      }),
    );
    const answers = await Promise.all(players.flatMap(({ p }) => [p.get('/api/user'), p.get('/api/characters'), p.get('/api/character')]));
    players.forEach(({ user, character }, i) => {
      const [me, list, current] = answers.slice(3 * i, 3 * i + 3);
      expect(me!.body).toMatchObject({ id: user.id, username: user.username });
      expect((list!.body as CharacterView[]).map((c) => c.id)).toEqual([character.id]);
      expect((current!.body as CharacterView).id).toBe(character.id);
    });
    const total = answers.reduce((sum, a) => sum + statements(a), 0);
    expect(total).toBeLessThanOrEqual(answers.length);
  });

  it('POST /api/battle: at most 5, with gear, skills, a level-up, credits and drops to write', async () => {
    const { p, character } = await equippedFighter();
    // Nearly levelled, so the battle's experience brings a level (and its points) too.
    await t.database.db.update(characters).set({ experience: 95 }).where(eq(characters.id, character.id));
    for (let fought = 0; fought < 3; fought++) {
      await t.database.db.update(characters).set({ lastBattleAt: null }).where(eq(characters.id, character.id));
      const battle = await p.post('/api/battle', { characterId: character.id });
      expect(battle.status).toBe(200);
      expect(statements(battle)).toBeLessThanOrEqual(5);
    }
  });

  it('a marketplace purchase: at most 8', async () => {
    const seller = await equippedFighter();
    const listing = await seller.p.post('/api/marketplace/sell', { characterId: seller.character.id, price: 500 });
    expect(listing.status).toBe(201);
    const buyer = new Player(t.base);
    await buyer.register();
    const bought = await buyer.post('/api/marketplace/buy', { listingId: listing.body.id ?? listing.body.listing.id });
    expect(bought.status).toBe(200);
    expect(statements(bought)).toBeLessThanOrEqual(8);
  });

  it('GET /api/leaderboard: read once a second and shared by every player', async () => {
    const a = new Player(t.base);
    const b = new Player(t.base);
    await a.register();
    await b.register();
    // Sessions warm, as for a player who has been playing.
    await a.get('/api/user');
    await b.get('/api/user');
    const first = await a.get('/api/leaderboard');
    const second = await b.get('/api/leaderboard');
    expect(first.status).toBe(200);
    expect(second.body).toEqual(first.body);
    // At most one of the two read the database (the first may have found the cache warm too).
    expect(statements(first) + statements(second)).toBeLessThanOrEqual(1);
    expect(statements(second)).toBe(0);
  });
});

describe('security headers', () => {
  it('JSON answers carry nosniff only; pages carry the full set', async () => {
    const p = new Player(t.base);
    await p.register();
    const json = await p.get('/api/user');
    expect(json.headers.get('x-content-type-options')).toBe('nosniff');
    expect(json.headers.get('content-security-policy')).toBeNull();
    expect(json.headers.get('cross-origin-opener-policy')).toBeNull();
    const page = await fetch(`${t.base}/dashboard`);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(page.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
