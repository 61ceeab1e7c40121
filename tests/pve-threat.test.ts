import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { powerLevel, type ClassId } from '../src/common/characters';
import type { BattleResultView, CharacterView, EnemyView } from '../src/common/game-api';
import { characters, creditLedger, pveEnemies } from '../src/server/db/schema';
import { statsAtLevel } from '../src/server/domain/classes';
import { CLASS_ENEMY_POWER, DEFAULT_THREAT, FAIR_START_BATTLES, FAIR_START_POWER, THREAT_POWER, threatOf } from '../src/server/domain/enemies';
import { pveRewards } from '../src/server/domain/progression';
import { Player } from './helpers/player';
import { startTestApp, type TestApp } from './helpers/test-app';

/**
 * Issue 16, PvE: the fair start (tuned enemies for the first five battles), threats on
 * `GET /api/enemy`, the remembered threat paying `POST /api/battle`, and defeats that pay.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function fighter(cls: ClassId = 'warrior', set: Partial<typeof characters.$inferInsert> = {}) {
  const p = new Player(t.base);
  const { user } = await p.register();
  const res = await p.post('/api/characters', { name: `Threat ${cls}`, class: cls, characterAvatar: 'warrior1' });
  const character = res.body as CharacterView;
  if (Object.keys(set).length > 0) await t.database.db.update(characters).set(set).where(eq(characters.id, character.id));
  return { p, user, character };
}

const endCooldown = (id: number) =>
  t.database.db.update(characters).set({ lastBattleAt: new Date(Date.now() - 31_000) }).where(eq(characters.id, id));

/** A fresh fighter's power at a level: no gear, skills or points, so its stat total. */
const bare = (cls: ClassId, level: number) => powerLevel(statsAtLevel(cls, level));

describe('GET /api/enemy?threat=', () => {
  it('matches the power of a fighter past its first five battles, at each threat', async () => {
    const { p } = await fighter('mage', { level: 10, wins: 4, losses: 3 });
    const power = bare('mage', 10) * CLASS_ENEMY_POWER.mage;
    const cases = [
      ['?threat=low', 'Low', 10, true],
      ['?threat=even', 'Even', 10, true],
      ['', 'Low', 10, false],
      ['?threat=high', 'High', 11, true],
    ] as const;
    for (const [query, threat, level, picked] of cases) {
      const res = await p.get(`/api/enemy${query}`);
      expect(res.status, query).toBe(200);
      const enemy = res.body as EnemyView;
      expect(enemy.threat).toBe(threat);
      expect(enemy.threatPicked, query).toBe(picked);
      expect(enemy.level).toBe(level);
      expect(enemy.maxHp).toBe(2 * enemy.stats.defense);
      // Every stat is rounded on its own, so the total may be off by a couple of points.
      expect(Math.abs(powerLevel(enemy.stats) - power * THREAT_POWER[threat])).toBeLessThanOrEqual(3);
    }
  });

  it('refuses any other threat with a clear message and keeps the remembered enemy', async () => {
    const { p, user } = await fighter('rogue', { wins: 5 });
    const kept = (await p.get('/api/enemy?threat=high')).body as EnemyView;
    for (const query of ['threat=extreme', 'threat=', 'threat=LOW', 'threat=1']) {
      const res = await p.get(`/api/enemy?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body).toEqual({ message: 'Threat must be low, even or high' });
    }
    const [row] = await t.database.db.select().from(pveEnemies).where(eq(pveEnemies.userId, user.id));
    expect(row!.enemy).toMatchObject({ name: kept.name, threat: 'High', stats: kept.stats });
  });
});

describe('the fair start', () => {
  it('rolls tuned enemies for the first five battles whatever threat is asked, then matched ones', async () => {
    const { p, character } = await fighter('tank');
    for (let battle = 0; battle < FAIR_START_BATTLES; battle++) {
      const before = (await p.get('/api/characters')).body[0] as CharacterView;
      expect(before.wins + before.losses).toBe(battle);
      const enemy = (await p.get('/api/enemy?threat=high')).body as EnemyView;
      // What the tuned enemy is: 'Low' at first, about even by the fifth.
      const threat = threatOf(FAIR_START_POWER[battle]!, 1);
      expect(enemy.threat).toBe(threat);
      // The fair start picks the enemy whatever was asked: the answer says it was not the player's pick.
      expect(enemy.threatPicked).toBe(false);
      if (battle === 0) expect(threat).toBe('Low');
      expect(enemy.level).toBe(before.level);
      const power = bare('tank', before.level) * CLASS_ENEMY_POWER.tank;
      expect(Math.abs(powerLevel(enemy.stats) - power * FAIR_START_POWER[battle]!)).toBeLessThanOrEqual(3);

      const fought = (await p.post('/api/battle', { characterId: character.id })).body as BattleResultView;
      expect(fought.enemy.threat).toBe(threat);
      expect(fought.experienceGained).toBe(pveRewards(fought.result, enemy.level, threat).experience);
      expect(fought.creditsGained).toBe(pveRewards(fought.result, enemy.level, threat).credits);
      await endCooldown(character.id);
    }
    const sixth = (await p.get('/api/enemy?threat=high')).body as EnemyView;
    expect(sixth.threat).toBe('High');
    expect((await p.get('/api/enemy')).body).toMatchObject({ threat: DEFAULT_THREAT, threatPicked: false });
  });
});

describe('POST /api/battle pays by the remembered threat', () => {
  it('pays a High victory more than an Even one would', async () => {
    const { p, user, character } = await fighter('berserker', { level: 4, wins: 6 });
    // A High enemy, weakened where it is remembered: the fight is won and paid as High.
    const enemy = (await p.get('/api/enemy?threat=high')).body as EnemyView;
    expect(enemy.threat).toBe('High');
    await t.database.db
      .update(pveEnemies)
      .set({ enemy: { name: enemy.name, class: enemy.class, level: enemy.level, stats: { attack: 1, defense: 1, speed: 1, magic: 1 }, threat: 'High' } })
      .where(eq(pveEnemies.userId, user.id));
    const won = (await p.post('/api/battle', { characterId: character.id })).body as BattleResultView;
    expect(won.result).toBe('victory');
    expect(won.enemy.threat).toBe('High');
    expect(won.creditsGained).toBe(pveRewards('victory', enemy.level, 'High').credits);
    expect(won.creditsGained).toBeGreaterThan(pveRewards('victory', enemy.level, 'Even').credits);
    expect(won.experienceGained).toBe(pveRewards('victory', enemy.level, 'High').experience);
    expect(won.firstDefeat).toBe(false);
  });
});

describe('a defeat pays a little', () => {
  it('pays credits through the ledger and experience, and marks only the first defeat', async () => {
    const { p, user, character } = await fighter('assassin', { level: 3, wins: 7 });
    const overwhelming = { name: 'Kernel Panic Crusader', class: 'warrior' as const, level: 3, stats: { attack: 900, defense: 900, speed: 900, magic: 900 }, threat: 'Even' as const };
    await t.database.db.insert(pveEnemies).values({ userId: user.id, enemy: overwhelming, rolledAt: new Date() });

    const first = (await p.post('/api/battle', { characterId: character.id })).body as BattleResultView;
    expect(first.result).toBe('defeat');
    expect(first.firstDefeat).toBe(true);
    expect(first.creditsGained).toBe(pveRewards('defeat', 3, 'Even').credits);
    expect(first.creditsGained).toBeGreaterThan(0);
    // 5 + 2 × level, × 1.5 for Even, rounded.
    expect(first.experienceGained).toBe(Math.round((5 + 2 * 3) * 1.5));
    expect(first.character.losses).toBe(1);
    expect(first.character.experience).toBe(first.experienceGained);
    expect((await p.get('/api/user')).body.credits).toBe(2500 + first.creditsGained);
    const ledger = await t.database.db.select().from(creditLedger).where(eq(creditLedger.userId, user.id));
    expect(ledger.find((r) => r.reason === 'pve_reward')).toMatchObject({ delta: first.creditsGained, reference: `replay:${first.replayId}` });

    await endCooldown(character.id);
    const second = (await p.post('/api/battle', { characterId: character.id })).body as BattleResultView;
    expect(second.result).toBe('defeat');
    expect(second.firstDefeat).toBe(false);
    expect(second.character.losses).toBe(2);
    expect((await p.get('/api/user')).body.credits).toBe(2500 + first.creditsGained + second.creditsGained);
  });
});
