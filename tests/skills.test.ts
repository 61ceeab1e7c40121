import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLASS_IDS } from '../src/common/characters';
import type { LearnSkillResultView, LearnedSkillView, SkillView } from '../src/common/economy-api';
import type { CharacterView, ProgressionView } from '../src/common/game-api';
import { characters } from '../src/server/db/schema';
import { characterSkills, skills } from '../src/server/db/schema-skills';
import { formatLog } from '../src/common/battle-text';
import { runAiBattle } from '../src/server/domain/engine-replay';
import { SKILL_CATALOGUE } from '../src/server/domain/skill-catalogue-data';
import { fighterOf } from '../src/server/services/loadout';
import { seedSkillCatalogue } from '../src/server/services/skill-catalogue';
import { Player } from './helpers/player';
import { startTestApp, type TestApp } from './helpers/test-app';

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

const byKey = (key: string): SkillView => {
  const found = catalogue.find((s) => s.key === key);
  if (!found) throw new Error(`no skill ${key}`);
  return found;
};

async function fighter(cls = 'warrior', { skillPoints = 0, level = 1 } = {}) {
  const p = new Player(t.base);
  await p.register();
  const res = await p.post('/api/characters', { name: `Skilled ${cls}`, class: cls, characterAvatar: 'warrior1' });
  expect(res.status).toBe(201);
  const character = res.body as CharacterView;
  await t.database.db.update(characters).set({ skillPoints, level }).where(eq(characters.id, character.id));
  return { p, id: character.id };
}

const skillPointsOf = async (id: number) =>
  (await t.database.db.select({ sp: characters.skillPoints }).from(characters).where(eq(characters.id, id)))[0]!.sp;

const learnedRows = (id: number) =>
  t.database.db.select().from(characterSkills).where(eq(characterSkills.characterId, id));

describe('skill catalogue', () => {
  it('needs a session', async () => {
    const anon = new Player(t.base);
    for (const path of ['/api/skills', '/api/skills/mage', '/api/characters/1/skills']) {
      expect((await anon.get(path)).status).toBe(401);
    }
    expect((await anon.post('/api/characters/1/learn-skill', { skillId: 1 })).status).toBe(401);
  });

  it('covers every class with passive, active and ultimate skills', () => {
    expect(catalogue.length).toBe(SKILL_CATALOGUE.length);
    expect(catalogue.length).toBeGreaterThanOrEqual(30);
    for (const cls of CLASS_IDS) {
      for (const type of ['passive', 'active', 'ultimate']) {
        expect(catalogue.some((s) => s.class === cls && s.type === type), `${cls} ${type}`).toBe(true);
      }
    }
    const bolt = byKey('mage_null_bolt');
    expect(bolt).toEqual({
      id: expect.any(Number),
      key: 'mage_null_bolt',
      name: 'Null Bolt',
      description: expect.any(String),
      type: 'active',
      class: 'mage',
      baseCost: expect.any(Number),
      maxLevel: expect.any(Number),
      prerequisites: { level: expect.any(Number) },
      effects: { damageMultiplier: expect.any(Number), statBonus: {}, cooldown: expect.any(Number) },
    });
  });

  it('lists one class with GET /api/skills/{class}, and refuses an unknown class', async () => {
    const p = new Player(t.base);
    await p.register();
    const mage = await p.get('/api/skills/mage');
    expect(mage.status).toBe(200);
    expect(mage.body.length).toBeGreaterThanOrEqual(5);
    expect((mage.body as SkillView[]).every((s) => s.class === 'mage')).toBe(true);
    expect(mage.body).toEqual(catalogue.filter((s) => s.class === 'mage'));

    const bad = await p.get('/api/skills/wizard');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: 'Unknown character class' });
  });

  it('changes nothing when seeded again', async () => {
    const read = () => t.database.db.select().from(skills).orderBy(asc(skills.id));
    const before = await read();
    await seedSkillCatalogue(t.database.db);
    await seedSkillCatalogue(t.database.db);
    expect(await read()).toEqual(before);
    expect(before).toHaveLength(SKILL_CATALOGUE.length);
  });
});

describe('POST /api/characters/{id}/learn-skill', () => {
  it('learns a skill: points paid, listed in /skills and /progression', async () => {
    const { p, id } = await fighter('warrior', { skillPoints: 3 });
    const stance = byKey('warrior_firewall_stance');
    expect((await p.get(`/api/characters/${id}/skills`)).body).toEqual([]);

    const res = await p.post(`/api/characters/${id}/learn-skill`, { skillId: stance.id, ignored: 'field' });
    expect(res.status).toBe(200);
    const result = res.body as LearnSkillResultView;
    expect(result).toEqual({
      message: 'Skill learned successfully!',
      learned: { id: expect.any(Number), skillId: stance.id, level: 1, skill: stance },
      progression: {
        level: 1,
        experience: 0,
        experienceToNext: 100,
        availableSkillPoints: 3 - stance.baseCost,
        statPoints: 0,
      },
    });

    const learned = (await p.get(`/api/characters/${id}/skills`)).body as LearnedSkillView[];
    expect(learned).toEqual([result.learned]);
    const progression = (await p.get(`/api/characters/${id}/progression`)).body as ProgressionView;
    expect(progression.availableSkillPoints).toBe(3 - stance.baseCost);
    expect(await skillPointsOf(id)).toBe(3 - stance.baseCost);
  });

  it('refuses, with its reason, what the rules do not allow', async () => {
    const { p, id } = await fighter('warrior', { skillPoints: 5 });
    const learn = (skillId: unknown) => p.post(`/api/characters/${id}/learn-skill`, { skillId });
    const stance = byKey('warrior_firewall_stance');
    expect((await learn(stance.id)).status).toBe(200);
    const points = await skillPointsOf(id);

    const late = catalogue.find((s) => s.class === 'warrior' && s.prerequisites.level > 1)!;
    const cases: [unknown, number, string][] = [
      [stance.id, 400, 'Skill already learned'],
      [late.id, 400, `Requires level ${late.prerequisites.level}`],
      [byKey('mage_null_bolt').id, 400, 'This skill belongs to the mage class'],
      [2_000_000_000, 404, 'Skill not found'],
      [undefined, 400, 'Please choose a skill'],
      ['3', 400, 'Please choose a skill'],
      [-1, 400, 'Please choose a skill'],
      [1.5, 400, 'Please choose a skill'],
    ];
    for (const [skillId, status, message] of cases) {
      const res = await learn(skillId);
      expect([res.status, res.body], String(skillId)).toEqual([status, { message }]);
    }

    await t.database.db.update(characters).set({ skillPoints: 0, level: 2 }).where(eq(characters.id, id));
    const res = await learn(byKey('warrior_bitcrush_cleave').id);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Not enough skill points' });
    await t.database.db.update(characters).set({ skillPoints: points }).where(eq(characters.id, id));

    expect(await learnedRows(id)).toHaveLength(1);
    expect(await skillPointsOf(id)).toBe(points);

    const missing = await p.post('/api/characters/2000000000/learn-skill', { skillId: stance.id });
    expect(missing.status).toBe(404);
    expect((await p.get('/api/characters/2000000000/skills')).status).toBe(404);
    expect((await p.get('/api/characters/abc/skills')).status).toBe(400);
  });

  it("answers 403 for another player's character and changes nothing", async () => {
    const owner = await fighter('mage', { skillPoints: 4 });
    const intruder = await fighter('mage', { skillPoints: 4 });
    const skill = byKey('mage_cache_attunement');

    const res = await intruder.p.post(`/api/characters/${owner.id}/learn-skill`, { skillId: skill.id });
    expect(res.status).toBe(403);
    expect((await intruder.p.get(`/api/characters/${owner.id}/skills`)).status).toBe(403);
    expect(await learnedRows(owner.id)).toEqual([]);
    expect(await learnedRows(intruder.id)).toEqual([]);
    expect(await skillPointsOf(owner.id)).toBe(4);
    expect(await skillPointsOf(intruder.id)).toBe(4);
  });

  it('lets exactly one of several simultaneous learns of one skill through', async () => {
    const { p, id } = await fighter('rogue', { skillPoints: 10, level: 2 });
    const skill = byKey('rogue_packet_sniff_strike');
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => p.post(`/api/characters/${id}/learn-skill`, { skillId: skill.id })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400, 400]);
    for (const a of answers.filter((x) => x.status === 400)) expect(a.body).toEqual({ message: 'Skill already learned' });
    expect(await learnedRows(id)).toHaveLength(1);
    expect(await skillPointsOf(id)).toBe(10 - skill.baseCost);
  });

  it('refuses a character listed on the marketplace (409)', async () => {
    const { p, id } = await fighter('tank', { skillPoints: 3 });
    expect((await p.post('/api/marketplace', { characterId: id, price: 1000 })).status).toBe(201);
    const res = await p.post(`/api/characters/${id}/learn-skill`, { skillId: byKey('tank_hardened_shell').id });
    expect(res.status).toBe(409);
    expect(res.body.message).toContain('learn skills');
    expect(await learnedRows(id)).toEqual([]);
    expect(await skillPointsOf(id)).toBe(3);
  });
});

describe('skills in play', () => {
  it("adds a learned passive to the character's stats", async () => {
    const { p, id } = await fighter('warrior', { skillPoints: 1 });
    const before = ((await p.get('/api/characters')).body as CharacterView[])[0]!;
    const stance = byKey('warrior_firewall_stance');
    expect((await p.post(`/api/characters/${id}/learn-skill`, { skillId: stance.id })).status).toBe(200);

    const after = ((await p.get('/api/characters')).body as CharacterView[])[0]!;
    const gain = stance.effects.statBonus.defense!;
    expect(gain).toBeGreaterThan(0);
    expect(after.stats).toEqual({ ...before.stats, defense: before.stats.defense + gain });
    expect(after.maxHp).toBe(before.maxHp + 2 * gain);
    expect(after.powerLevel).toBe(before.powerLevel + gain);
  });

  it('fights with learned abilities, which show in the battle log', async () => {
    const { p, id } = await fighter('mage', { skillPoints: 5, level: 2 });
    const bolt = byKey('mage_null_bolt');
    expect((await p.post(`/api/characters/${id}/learn-skill`, { skillId: bolt.id })).status).toBe(200);

    expect((await p.get('/api/enemy')).status).toBe(200);
    const battle = await p.post('/api/battle', { characterId: id });
    expect(battle.status).toBe(200);
    expect(['victory', 'defeat']).toContain(battle.body.result);
    // The battle itself used it: the engine's events name the skill (a mage cannot be dodged).
    expect(battle.body.events).toContainEqual({ type: 'skill', actor: 0, name: 'Null Bolt', kind: 'active' });

    // The engine as the battle route feeds it, replayed over several seeds.
    const [row] = await t.database.db.select().from(characters).where(eq(characters.id, id));
    const player = await fighterOf(t.database.db, row!);
    expect(player.abilities).toEqual([
      { id: bolt.id, name: 'Null Bolt', damageMultiplier: bolt.effects.damageMultiplier, cooldownTurns: Math.ceil(bolt.effects.cooldown / 3), kind: 'active', level: 1 },
    ]);
    const enemy = { name: 'Glitch Golem', class: 'tank' as const, level: 2, stats: { attack: 20, defense: 38, speed: 14, magic: 6 } };
    let mentioned = 0;
    for (let seed = 1; seed <= 10; seed++) {
      if (formatLog(runAiBattle('pve', [player, enemy], seed).events).some((e) => e.message.includes('Null Bolt'))) mentioned++;
    }
    expect(mentioned).toBeGreaterThan(0);
  });
});
