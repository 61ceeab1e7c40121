import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BattleResultView, CharacterView, EnemyView } from '../src/common/game-api';
import type { EquipmentItemView, SkillView } from '../src/common/economy-api';
import type { QuestView } from '../src/common/quests';
import { characters, pveEnemies } from '../src/server/db/schema';
import { userMaterials } from '../src/server/db/schema-forge';
import { DEFAULT_THREAT, FAIR_START_BATTLES } from '../src/server/domain/enemies';
import { EQUIPMENT_SETS } from '../src/server/domain/forge-sets';
import { pveRewards } from '../src/server/domain/progression';
import { FIRST_STEPS } from '../src/server/domain/quests';
import { Player } from './helpers/player';
import { startTestApp, type TestApp } from './helpers/test-app';

/**
 * Issue 24, the first hour: the default threat a player who never picked one meets (and the
 * answers that say so), what it pays, and the first-steps chain that pays a first forge.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function fighter(cls = 'warrior', set: Partial<typeof characters.$inferInsert> = {}) {
  const p = new Player(t.base);
  const { user } = await p.register();
  const character = (await p.post('/api/characters', { name: `Hour ${user.id}`, class: cls, characterAvatar: `${cls}1` })).body as CharacterView;
  if (Object.keys(set).length > 0) await t.database.db.update(characters).set(set).where(eq(characters.id, character.id));
  return { p, userId: user.id, character };
}

const endCooldown = (id: number) => t.database.db.update(characters).set({ lastBattleAt: null }).where(eq(characters.id, id));

const held = async (userId: number) =>
  Object.fromEntries((await t.database.db.select().from(userMaterials).where(eq(userMaterials.userId, userId))).map((m) => [m.materialId, m.amount]));

describe('the default threat', () => {
  it('is the threat of every enemy of a player who never picked one, and the answers say so', async () => {
    const { p, userId, character } = await fighter('rogue', { level: 3, wins: FAIR_START_BATTLES });
    expect(DEFAULT_THREAT).toBe('Low');
    // Never asked for an enemy: the battle rolls one at the default threat and pays by it.
    expect(await t.database.db.select().from(pveEnemies).where(eq(pveEnemies.userId, userId))).toEqual([]);
    const fought = (await p.post('/api/battle', { characterId: character.id })).body as BattleResultView;
    expect(fought.enemy).toMatchObject({ threat: 'Low', threatPicked: false, level: 3 });
    expect(fought.creditsGained).toBe(pveRewards(fought.result, 3, 'Low').credits);
    expect(fought.experienceGained).toBe(pveRewards(fought.result, 3, 'Low').experience);

    // Asked without a threat: the default, not picked.
    const rolled = (await p.get('/api/enemy')).body as EnemyView;
    expect(rolled).toMatchObject({ threat: 'Low', threatPicked: false });
    // Picked: remembered as picked, and the battle's answer says which threat was in force.
    const high = (await p.get('/api/enemy?threat=high')).body as EnemyView;
    expect(high).toMatchObject({ threat: 'High', threatPicked: true });
    await endCooldown(character.id);
    const second = (await p.post('/api/battle', { characterId: character.id })).body as BattleResultView;
    expect(second.enemy).toMatchObject({ threat: 'High', threatPicked: true, name: high.name });
    expect(second.creditsGained).toBe(pveRewards(second.result, high.level, 'High').credits);
  });

  it('pays a default-threat victory 1.2 × the base: 20 + 10 × level experience, 10 + 15 × level credits', async () => {
    const { p, userId, character } = await fighter('tank', { level: 4, wins: 9 });
    const feeble = { name: 'Feeble Glitch', class: 'mage' as const, level: 4, stats: { attack: 1, defense: 1, speed: 1, magic: 1 }, threat: 'Low' as const, threatPicked: false };
    await t.database.db.insert(pveEnemies).values({ userId, enemy: feeble, rolledAt: new Date() });
    const won = (await p.post('/api/battle', { characterId: character.id })).body as BattleResultView;
    expect(won.result).toBe('victory');
    expect(won.experienceGained).toBe(72);
    expect(won.creditsGained).toBe(84);
    // Materials drop from victories: at most three, each a known material.
    const dropped = (won.materialsGained ?? []).reduce((sum, m) => sum + m.amount, 0);
    expect(dropped).toBeLessThanOrEqual(3);
  });
});

describe('the first-steps chain', () => {
  it('pays the Earth Shaker materials, so the first forge needs no lucky drop', async () => {
    const { p, userId, character } = await fighter('warrior');
    // First Blood: a sure win over a feeble enemy.
    await t.database.db.insert(pveEnemies).values({ userId, enemy: { name: 'Feeble Glitch', class: 'mage', level: 1, stats: { attack: 1, defense: 1, speed: 1, magic: 1 } }, rolledAt: new Date() });
    const won = (await p.post('/api/battle', { characterId: character.id })).body as BattleResultView;
    expect(won.result).toBe('victory');
    const dropped = Object.fromEntries((won.materialsGained ?? []).map((m) => [m.id, m.amount]));
    // Suit Up, New Tricks, Window Shopping, Say Hello.
    const shop = (await p.get('/api/equipment/marketplace')).body as EquipmentItemView[];
    const cheap = shop.filter((i) => i.price > 0 && i.level <= 1).sort((a, b) => a.price - b.price)[0]!;
    expect((await p.post(`/api/equipment/${cheap.id}/buy`)).status).toBe(200);
    await t.database.db.update(characters).set({ skillPoints: 5 }).where(eq(characters.id, character.id));
    const skills = (await p.get('/api/skills/warrior')).body as SkillView[];
    const skill = skills.filter((s) => s.prerequisites.level <= 1).sort((a, b) => a.baseCost - b.baseCost)[0]!;
    expect((await p.post(`/api/characters/${character.id}/learn-skill`, { skillId: skill.id })).status).toBe(200);
    expect((await p.get('/api/marketplace')).status).toBe(200);
    expect((await p.post('/api/chat/messages', { message: 'hello arena' })).status).toBe(201);

    const chain = ((await p.get('/api/quests')).body as QuestView[]).filter((q) => q.kind === 'first-steps' && q.id !== 'first-steps:forge');
    expect(chain.map((q) => q.progress >= q.goal)).toEqual(chain.map(() => true));
    for (const q of chain) expect((await p.post(`/api/quests/${q.id}/claim`)).status, q.id).toBe(200);

    const needed = EQUIPMENT_SETS.earth_shaker.requiredMaterials;
    const paid: Record<string, number> = {};
    for (const def of FIRST_STEPS) for (const m of def.key === 'forge' ? [] : def.reward.materials) paid[m.id] = (paid[m.id] ?? 0) + m.amount;
    expect(paid).toEqual(needed);
    const before = await held(userId);
    for (const [id, amount] of Object.entries(needed)) expect(before[id]).toBe(amount! + (dropped[id] ?? 0));

    const forged = await p.post('/api/forge/create', { equipmentSet: 'earth_shaker', slot: 'weapon', materials: {} });
    expect(forged.status).toBe(200);
    const after = await held(userId);
    for (const id of Object.keys(needed)) expect(after[id] ?? 0).toBe(dropped[id] ?? 0);
    const forgeQuest = ((await p.get('/api/quests')).body as QuestView[]).find((q) => q.id === 'first-steps:forge')!;
    expect(forgeQuest.progress).toBe(forged.body.success ? 1 : 0);
  });
});
