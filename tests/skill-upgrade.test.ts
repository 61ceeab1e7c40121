import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LearnSkillResultView, SkillView } from '../src/common/economy-api';
import type { CharacterView } from '../src/common/game-api';
import { upgradeCost, upgradeRequiredLevel } from '../src/common/skills';
import { characters } from '../src/server/db/schema';
import { characterSkills } from '../src/server/db/schema-skills';
import { fighterOf } from '../src/server/services/loadout';
import { Player } from './helpers/player';
import { startTestApp, type TestApp } from './helpers/test-app';

/** `POST /api/characters/{id}/upgrade-skill {skillId}`: learned skills grow with skill points (issue 16). */

let t: TestApp;
let catalogue: SkillView[];
beforeAll(async () => {
  t = await startTestApp();
  const p = new Player(t.base);
  await p.register();
  catalogue = (await p.get('/api/skills')).body as SkillView[];
});
afterAll(async () => {
  await t?.close();
});

const byKey = (key: string) => catalogue.find((s) => s.key === key)!;

/** A warrior of `level` with `skillPoints`, who has learned Firewall Stance (+defense per level) and Bitcrush Cleave. */
async function skilled({ level = 20, skillPoints = 20 } = {}) {
  const p = new Player(t.base);
  await p.register();
  const character = (await p.post('/api/characters', { name: 'Upgrader', class: 'warrior', characterAvatar: 'warrior1' })).body as CharacterView;
  await t.database.db.update(characters).set({ level: 20, skillPoints: 10 }).where(eq(characters.id, character.id));
  for (const key of ['warrior_firewall_stance', 'warrior_bitcrush_cleave']) {
    expect((await p.post(`/api/characters/${character.id}/learn-skill`, { skillId: byKey(key).id })).status).toBe(200);
  }
  await t.database.db.update(characters).set({ level, skillPoints }).where(eq(characters.id, character.id));
  return { p, id: character.id };
}

const row = async (id: number) => (await t.database.db.select().from(characters).where(eq(characters.id, id)))[0]!;
const levelOf = async (id: number, skillId: number) =>
  (
    await t.database.db
      .select({ level: characterSkills.level })
      .from(characterSkills)
      .where(and(eq(characterSkills.characterId, id), eq(characterSkills.skillId, skillId)))
  )[0]!.level;
const upgrade = (p: Player, id: number, skillId: number, headers?: Record<string, string>) =>
  p.post(`/api/characters/${id}/upgrade-skill`, { skillId }, headers);

describe('POST /api/characters/{id}/upgrade-skill', () => {
  it('raises the level, spends the cost and answers like learn-skill; the effect grows', async () => {
    const { p, id } = await skilled();
    const stance = byKey('warrior_firewall_stance');
    const before = await fighterOf(t.database.db, await row(id));

    const res = await upgrade(p, id, stance.id);
    expect(res.status).toBe(200);
    const body = res.body as LearnSkillResultView;
    expect(body).toEqual({
      message: 'Skill upgraded successfully!',
      learned: { id: expect.any(Number), skillId: stance.id, level: 2, skill: stance },
      progression: expect.objectContaining({ level: 20, availableSkillPoints: 20 - upgradeCost(stance, 1) }),
    });
    expect(await levelOf(id, stance.id)).toBe(2);
    expect((await row(id)).skillPoints).toBe(20 - upgradeCost(stance, 1));
    const learned = (await p.get(`/api/characters/${id}/skills`)).body as { skillId: number; level: number }[];
    expect(learned.find((l) => l.skillId === stance.id)!.level).toBe(2);

    // Passive bonuses count per level: one more level of Firewall Stance, its bonus once more.
    const after = await fighterOf(t.database.db, await row(id));
    expect(after.stats.defense - before.stats.defense).toBe(stance.effects.statBonus.defense);

    const cleave = byKey('warrior_bitcrush_cleave');
    const raised = (await upgrade(p, id, cleave.id)).body as LearnSkillResultView;
    expect(raised.learned.level).toBe(2);
    const ability = (await fighterOf(t.database.db, await row(id))).abilities!.find((a) => a.name === cleave.name)!;
    expect(ability.level).toBe(2);
    expect(ability.damageMultiplier).toBeGreaterThan(cleave.effects.damageMultiplier);
  });

  it('refuses a skill at max level', async () => {
    const { p, id } = await skilled();
    const stance = byKey('warrior_firewall_stance');
    await t.database.db.update(characterSkills).set({ level: stance.maxLevel }).where(eq(characterSkills.characterId, id));
    const res = await upgrade(p, id, stance.id);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Skill is already at max level' });
    expect((await row(id)).skillPoints).toBe(20);
  });

  it('refuses without enough skill points', async () => {
    const { p, id } = await skilled({ skillPoints: 0 });
    const res = await upgrade(p, id, byKey('warrior_firewall_stance').id);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Not enough skill points' });
    expect(await levelOf(id, byKey('warrior_firewall_stance').id)).toBe(1);
  });

  it('refuses a character below the level the next skill level needs, naming it', async () => {
    const stance = byKey('warrior_firewall_stance');
    const needed = upgradeRequiredLevel({ requiredLevel: stance.prerequisites.level }, 1);
    const { p, id } = await skilled({ level: needed - 1 });
    const res = await upgrade(p, id, stance.id);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(`level ${needed}`);
    expect((await row(id)).skillPoints).toBe(20);
  });

  it('refuses a skill not learned (400) and an unknown one (404)', async () => {
    const { p, id } = await skilled();
    const grip = byKey('warrior_overclocked_grip');
    const notLearned = await upgrade(p, id, grip.id);
    expect(notLearned.status).toBe(400);
    expect(notLearned.body.message).toMatch(/learn/i);
    expect((await upgrade(p, id, 987_654_321)).status).toBe(404);
    for (const body of [{}, { skillId: 'x' }, { skillId: 0 }, { skillId: 2_147_483_648 }]) {
      expect((await p.post(`/api/characters/${id}/upgrade-skill`, body)).status).toBe(400);
    }
  });

  it("answers 404 for another player's character and a missing one, changing nothing", async () => {
    const { id } = await skilled();
    const other = new Player(t.base);
    await other.register();
    const res = await upgrade(other, id, byKey('warrior_firewall_stance').id);
    expect(res.status).toBe(404);
    expect((await upgrade(other, 987_654_321, byKey('warrior_firewall_stance').id)).status).toBe(404);
    expect(await levelOf(id, byKey('warrior_firewall_stance').id)).toBe(1);
    expect((await row(id)).skillPoints).toBe(20);
    expect((await new Player(t.base).post(`/api/characters/${id}/upgrade-skill`, { skillId: 1 })).status).toBe(401);
  });

  it('refuses a character listed for sale (409)', async () => {
    const { p, id } = await skilled();
    expect((await p.post('/api/marketplace', { characterId: id, price: 500 })).status).toBe(201);
    const res = await upgrade(p, id, byKey('warrior_firewall_stance').id);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/listed/);
  });

  it('does it once for a repeated Idempotency-Key', async () => {
    const { p, id } = await skilled();
    const stance = byKey('warrior_firewall_stance');
    const headers = { 'idempotency-key': randomUUID() };
    const first = await upgrade(p, id, stance.id, headers);
    const second = await upgrade(p, id, stance.id, headers);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(await levelOf(id, stance.id)).toBe(2);
    expect((await row(id)).skillPoints).toBe(20 - upgradeCost(stance, 1));
    // A new key is a new upgrade.
    expect((await upgrade(p, id, stance.id, { 'idempotency-key': randomUUID() })).body.learned.level).toBe(3);
  });
});
