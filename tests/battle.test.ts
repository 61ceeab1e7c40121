import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BattleResultView, CharacterView, EnemyView } from '../src/common/game-api';
import { ENEMY_REPLACED_MESSAGE } from '../src/common/game-rules';
import type { ReplayView } from '../src/common/replays';
import { rowsOf } from '../src/server/db/client';
import { characters, creditLedger } from '../src/server/db/schema';
import { replays } from '../src/server/db/schema-replays';
import { replayBattle } from '../src/server/domain/engine-replay';
import { statsAtLevel } from '../src/server/domain/classes';
import { applyExperience, pveRewards } from '../src/server/domain/progression';
import { auditCredits } from './helpers/economy';
import { Player } from './helpers/player';
import * as pve from '../src/server/services/pve';
import type { AppError } from '../src/server/errors';
import { startTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function fighter(cls = 'warrior') {
  const p = new Player(t.base);
  await p.register();
  const res = await p.post('/api/characters', { name: `Fighter ${cls}`, class: cls, characterAvatar: 'warrior1' });
  return { p, character: res.body as CharacterView };
}

const endCooldown = (id: number) =>
  t.database.db.update(characters).set({ lastBattleAt: new Date(Date.now() - 31_000) }).where(eq(characters.id, id));

describe('GET /api/enemy', () => {
  it('rolls an enemy around the best character level and needs a character', async () => {
    const bare = new Player(t.base);
    await bare.register();
    expect((await bare.get('/api/enemy')).status).toBe(404);

    const { p, character } = await fighter();
    await t.database.db.update(characters).set({ level: 10 }).where(eq(characters.id, character.id));
    for (let i = 0; i < 10; i++) {
      const enemy = (await p.get('/api/enemy')).body as EnemyView;
      expect(enemy.level).toBeGreaterThanOrEqual(9);
      expect(enemy.level).toBeLessThanOrEqual(11);
      expect(enemy.maxHp).toBe(2 * enemy.stats.defense);
      expect(enemy.sprite).toBe(`enemy-${enemy.class}.svg`);
      expect(enemy.name.length).toBeGreaterThan(0);
    }
  });
});

describe('POST /api/battle', () => {
  it('fights the remembered enemy, pays rewards in one go and starts the cooldown', async () => {
    const { p, character } = await fighter();
    const enemy = (await p.get('/api/enemy')).body as EnemyView;
    const res = await p.post('/api/battle', { characterId: character.id });
    expect(res.status).toBe(200);
    const battle = res.body as BattleResultView;

    expect(battle.enemy).toEqual(enemy);
    expect(['victory', 'defeat']).toContain(battle.result);
    expect(battle.battleLog.length).toBeGreaterThan(0);
    for (const entry of battle.battleLog) {
      expect(entry).toEqual({
        message: expect.any(String),
        attacker: expect.any(String),
        defenderHp: expect.any(Number),
        defender: expect.stringMatching(/^(player|enemy)$/),
      });
      expect(entry.defenderHp).toBeGreaterThanOrEqual(0);
    }
    const last = battle.battleLog.at(-1)!;
    expect(last.attacker).toBe(battle.result === 'victory' ? character.name : enemy.name);

    const won = battle.result === 'victory';
    // A new fighter's first enemy is a fair-start one, rolled and paid as 'Low'.
    expect(enemy.threat).toBe('Low');
    expect(battle.experienceGained).toBe(pveRewards(battle.result, enemy.level, 'Low').experience);
    expect(battle.creditsGained).toBe(pveRewards(battle.result, enemy.level, 'Low').credits);
    expect(battle.firstDefeat).toBe(!won);
    expect(battle.character.wins).toBe(won ? 1 : 0);
    expect(battle.character.losses).toBe(won ? 0 : 1);
    expect(battle.character.lastBattleAt).not.toBeNull();

    const user = (await p.get('/api/user')).body;
    expect(user.credits).toBe(2500 + battle.creditsGained);
    const ledger = await t.database.db.select().from(creditLedger).where(eq(creditLedger.userId, user.id));
    expect(ledger.map((r) => r.reason).sort()).toEqual(['pve_reward', 'starting_grant']);

    // The stored battle replays the very same fight, through the engine and by link.
    const [stored] = await t.database.db.select().from(replays).where(eq(replays.character1Id, character.id));
    expect(stored).toMatchObject({ id: battle.replayId, kind: 'pve', rules: 'pve', winner: won ? 0 : 1 });
    expect(stored!.fighters[0]).toMatchObject({ name: character.name, stats: statsAtLevel(character.class, character.level) });
    expect(replayBattle(stored!).events).toEqual(battle.events);
    const replay = (await p.get(`/api/replays/${battle.replayId}`)).body as ReplayView;
    expect(replay.log.map((e) => e.message)).toEqual(battle.battleLog.map((e) => e.message));
    expect(replay.events).toEqual(battle.events);

    const again = await p.post('/api/battle', { characterId: character.id });
    expect(again.status).toBe(429);
    expect(again.body.message).toMatch(/cooldown/i);
    expect(again.body.message).toMatch(/\d+s/);
  });

  it('fights the enemy the page names by its roll, and refuses (409, nothing changed) once another tab rolled a newer one', async () => {
    const { p, character } = await fighter();
    const shownInA = (await p.get('/api/enemy')).body as EnemyView;
    const shownInB = (await p.get('/api/enemy')).body as EnemyView;
    expect(shownInA.roll).toBeGreaterThan(0);
    expect(shownInB.roll).not.toBe(shownInA.roll);
    // Tab A starts the battle against the enemy it shows: B's roll replaced it.
    const refused = await p.post('/api/battle', { characterId: character.id, enemyRoll: shownInA.roll });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(ENEMY_REPLACED_MESSAGE);
    const [row] = await t.database.db.select().from(characters).where(eq(characters.id, character.id));
    expect([row!.wins, row!.losses, row!.lastBattleAt]).toEqual([0, 0, null]);
    // B fights the enemy B shows, which is the one the answer names.
    const fought = await p.post('/api/battle', { characterId: character.id, enemyRoll: shownInB.roll });
    expect(fought.status).toBe(200);
    expect((fought.body as BattleResultView).enemy).toEqual(shownInB);
    // A roll that is not a positive whole number is a bad request.
    await endCooldown(character.id);
    for (const enemyRoll of [0, -3, 1.5, 'x']) expect((await p.post('/api/battle', { characterId: character.id, enemyRoll })).status).toBe(400);
  });

  it('answers only one of two simultaneous battles; the other hits the cooldown', async () => {
    const { p, character } = await fighter('tank');
    const answers = await Promise.all([0, 1].map(() => p.post('/api/battle', { characterId: character.id })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 429]);
    const rows = await t.database.db.select().from(replays).where(eq(replays.character1Id, character.id));
    expect(rows).toHaveLength(1);
  });

  it('battles asked for at the same moment are each fought, paid and stored for their own player', async () => {
    const singles = await Promise.all(['warrior', 'mage', 'rogue', 'tank', 'assassin', 'berserker'].map((cls) => fighter(cls)));
    // One player with two fighters (the second bought on the marketplace), and one who clicks Start Battle twice.
    const twin = await fighter('mage');
    const second = (await fighter('mage')).character;
    await t.database.db.update(characters).set({ userId: twin.character.userId }).where(eq(characters.id, second.id));
    const clicker = await fighter('rogue');
    const creditsBefore = (await twin.p.get('/api/user')).body.credits as number;

    const asks = [
      ...singles.map(({ p, character }) => ({ p, id: character.id })),
      { p: twin.p, id: twin.character.id },
      { p: twin.p, id: second.id },
      { p: clicker.p, id: clicker.character.id },
      { p: clicker.p, id: clicker.character.id },
      // Someone else's fighter, in the same moment: refused alone.
      { p: clicker.p, id: singles[0]!.character.id },
    ];
    // Called in one tick, so they are fought as one batch (over HTTP they would only usually be).
    const users = new Map<Player, { id: number; username: string }>();
    for (const { p } of asks) users.set(p, (await p.get('/api/user')).body as { id: number; username: string });
    const settled = await Promise.allSettled(asks.map(({ p, id }) => pve.fight(t.app.ctx, users.get(p)!, id)));
    const answers = settled.map((r) => (r.status === 'fulfilled' ? { status: 200, body: r.value } : { status: (r.reason as AppError).status, body: null }));
    const statuses = answers.map((a) => a.status);
    expect(statuses.slice(0, 8)).toEqual([200, 200, 200, 200, 200, 200, 200, 200]);
    expect(statuses.slice(8, 10).sort()).toEqual([200, 429]);
    expect(statuses[10]).toBe(403);

    for (const [i, answer] of answers.entries()) {
      if (answer.status !== 200) continue;
      const battle = answer.body as BattleResultView;
      expect(battle.character.id).toBe(asks[i]!.id);
      expect(battle.character.lastBattleAt).not.toBeNull();
      // The stored replay is this battle of this character.
      const [stored] = await t.database.db.select().from(replays).where(eq(replays.id, battle.replayId));
      expect(stored!.character1Id).toBe(asks[i]!.id);
      const [ledger] = await t.database.db.select().from(creditLedger).where(eq(creditLedger.reference, `replay:${battle.replayId}`));
      expect(ledger?.delta ?? 0).toBe(battle.creditsGained);
    }
    // Both of the twin's battles paid the one balance, each with its ledger row.
    const paid = [answers[6]!, answers[7]!].reduce((sum, a) => sum + (a.body as BattleResultView).creditsGained, 0);
    expect((await twin.p.get('/api/user')).body.credits).toBe(creditsBefore + paid);
    const audit = await auditCredits(t.database.db);
    expect(audit.badUsers).toEqual([]);
  });

  it('battles of different requests in the same turn share one transaction, each request with its own context', async () => {
    const players = await Promise.all(['warrior', 'mage', 'rogue', 'tank', 'assassin', 'berserker'].map((cls) => fighter(cls)));
    const users = await Promise.all(players.map(async ({ p }) => (await p.get('/api/user')).body as { id: number; username: string }));
    // As the routes call it: every request hands over a context of its own (its logger).
    const fought = await Promise.all(players.map(({ character }, i) => pve.fight({ ...t.app.ctx, log: t.app.ctx.log }, users[i]!, character.id)));
    expect(fought.map((b) => b.character.id)).toEqual(players.map(({ character }) => character.id));
    // The transaction that wrote each replay: one for all six.
    const ids = sql.raw(fought.map((b) => Number(b.replayId)).join(','));
    const written = rowsOf<{ tx: string }>(await t.database.db.execute(sql`select distinct xmin::text as tx from ${replays} where id in (${ids})`));
    expect(written).toHaveLength(1);
  });

  it('levels up with carried-over experience, giving skill and stat points', async () => {
    const { p, character } = await fighter('berserker');
    await t.database.db.update(characters).set({ experience: 99 }).where(eq(characters.id, character.id));
    const battle = (await p.post('/api/battle', { characterId: character.id })).body as BattleResultView;
    expect(battle.levelsGained).toBeGreaterThanOrEqual(1);
    expect(battle.character.level).toBe(1 + battle.levelsGained);
    const expected = applyExperience({ level: 1, experience: 99 }, battle.experienceGained);
    expect(battle.character.experience).toBe(expected.experience);
    expect(battle.levelsGained).toBe(expected.levelsGained);
    expect(battle.character.skillPoints).toBe(battle.levelsGained);
    expect(battle.character.statPoints).toBe(3 * battle.levelsGained);
    await endCooldown(character.id);
    expect((await p.post('/api/battle', { characterId: character.id })).status).toBe(200);
  });

  it("refuses someone else's character (403), a missing one (404) and bad bodies (400), changing nothing", async () => {
    const { character } = await fighter();
    const { p: other } = await fighter();
    const foreign = await other.post('/api/battle', { characterId: character.id });
    expect(foreign.status).toBe(403);
    expect((await other.post('/api/battle', { characterId: 987654321 })).status).toBe(404);
    for (const body of [{}, { characterId: 'x' }, { characterId: 1.5 }]) {
      const res = await other.post('/api/battle', body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: 'Please select a character first' });
    }
    const rows = await t.database.db.select().from(replays).where(eq(replays.character1Id, character.id));
    expect(rows).toHaveLength(0);
  });

  it('a listed character cannot fight', async () => {
    const { p, character } = await fighter();
    expect((await p.post('/api/marketplace', { characterId: character.id, price: 400 })).status).toBe(201);
    const res = await p.post('/api/battle', { characterId: character.id });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/listed/);
  });
});
