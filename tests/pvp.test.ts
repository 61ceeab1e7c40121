import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CharacterView } from '../src/common/game-api';
import type { PvpBattleView, QueueStatusView } from '../src/common/pvp';
import type { ServerMessage } from '../src/common/ws-messages';
import { characters, chatMessages, creditLedger, marketplaceListings } from '../src/server/db/schema-index';
import { pvpBattles, pvpQueue } from '../src/server/db/schema-pvp';
import { sweepPvpBattles } from '../src/server/realtime/pvp-sweeper';
import { Player } from './helpers/player';
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
  const { user } = await p.register();
  const res = await p.post('/api/characters', { name: `Pvp ${cls}`, class: cls, characterAvatar: 'warrior1' });
  return { p, user, character: res.body as CharacterView };
}

/** Two players of the queue variant, matched. */
async function matched(a = 'warrior', b = 'warrior') {
  const one = await fighter(a);
  const two = await fighter(b);
  expect((await one.p.post('/api/pvp/join-queue', { characterId: one.character.id })).status).toBe(200);
  const res = await two.p.post('/api/pvp/join-queue', { characterId: two.character.id });
  expect(res.status).toBe(200);
  const status = res.body as QueueStatusView;
  expect(status.battle).not.toBeNull();
  const battle = status.battle!;
  const [first, second] = battle.currentTurn === one.user.id ? [one, two] : [two, one];
  return { one, two, battle, first, second };
}

describe('queue', () => {
  it('joins, reports status and leaves', async () => {
    const { p, character } = await fighter();
    const before = (await p.get('/api/pvp/queue-status')).body as QueueStatusView;
    expect(before).toMatchObject({ inQueue: false, position: null, battle: null, queueTime: 0 });
    const joined = await p.post('/api/pvp/join-queue', { characterId: character.id });
    expect(joined.status).toBe(200);
    expect(joined.body).toMatchObject({ inQueue: true, position: 1, battle: null });
    expect((await p.post('/api/pvp/join-queue', { characterId: character.id })).status).toBe(409);
    expect((await p.post('/api/pvp/leave-queue', {})).status).toBe(200);
    expect(((await p.get('/api/pvp/queue-status')).body as QueueStatusView).inQueue).toBe(false);
  });

  it('pairs a burst of joins exactly once each, with nobody left waiting once every join has answered', async () => {
    const players = await Promise.all(Array.from({ length: 12 }, () => fighter()));
    const answers = await Promise.all(players.map((f) => f.p.post('/api/pvp/join-queue', { characterId: f.character.id })));
    expect(answers.map((a) => a.status)).toEqual(players.map(() => 200));
    // The last join's answer waits for a pass that saw it: by then everyone is seated.
    const statuses = await Promise.all(players.map(async (f) => (await f.p.get('/api/pvp/queue-status')).body as QueueStatusView));
    expect(statuses.filter((st) => st.inQueue)).toEqual([]);
    const ids = new Set(statuses.map((st) => st.battle?.id));
    expect(ids.has(undefined)).toBe(false);
    expect(ids.size).toBe(6);
    const rows = await t.database.db.select().from(pvpBattles).where(inArray(pvpBattles.id, [...ids] as number[]));
    const seated = rows.flatMap((r) => [r.player1UserId, r.player2UserId]);
    expect(new Set(seated)).toEqual(new Set(players.map((f) => f.user.id)));
    // A join answered with a battle names the right one.
    for (const [i, a] of answers.entries()) {
      const battle = (a.body as QueueStatusView).battle;
      if (battle) expect(battle.id).toBe(statuses[i]!.battle!.id);
    }
    for (const st of statuses) {
      const mover = players.find((f) => f.user.id === st.battle!.player1.id)!;
      await mover.p.post('/api/pvp/forfeit', {});
    }
  });

  it('refuses without a character, a listed character and during the cooldown', async () => {
    const bare = new Player(t.base);
    await bare.register();
    const none = await bare.post('/api/pvp/join-queue', {});
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Create a character first');

    const { p, user, character } = await fighter();
    await t.database.db.insert(marketplaceListings).values({ characterId: character.id, sellerId: user.id, price: 1000 });
    expect((await p.post('/api/pvp/join-queue', { characterId: character.id })).status).toBe(409);
    await t.database.db.update(marketplaceListings).set({ status: 'withdrawn' }).where(eq(marketplaceListings.characterId, character.id));

    await t.database.db.update(characters).set({ lastPvpBattleAt: new Date(Date.now() - 10_000) }).where(eq(characters.id, character.id));
    const cooling = await p.post('/api/pvp/join-queue', { characterId: character.id });
    expect(cooling.status).toBe(429);
    expect(cooling.body.message).toContain('cooldown');

    const other = await fighter();
    expect((await p.post('/api/pvp/join-queue', { characterId: other.character.id })).status).toBe(403);
  });
});

describe('battle', () => {
  it('matches two players, alternates moves and refuses out of turn', async () => {
    const { first, second, battle, one, two } = await matched();
    expect(battle.variant).toBe('queue');
    expect([battle.player1.id, battle.player2.id].sort()).toEqual([one.user.id, two.user.id].sort());
    expect(battle.player1.hp).toBe(battle.player1.maxHp);
    const late = await second.p.post('/api/pvp/make-move', { move: 'attack' });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('Not your turn');
    const moved = await first.p.post('/api/pvp/make-move', { move: 'attack' });
    expect(moved.status).toBe(200);
    expect((moved.body as PvpBattleView).currentTurn).toBe(second.user.id);
    expect((moved.body as PvpBattleView).battleLog).toHaveLength(1);
    expect((await first.p.post('/api/pvp/make-move', { move: 'attack' })).status).toBe(409);
    expect((await second.p.post('/api/pvp/make-move', { move: 'dance' })).status).toBe(400);
    expect((await second.p.post('/api/pvp/make-move', { move: 'defend' })).status).toBe(200);
    expect((await second.p.post('/api/pvp/join-queue', { characterId: second.character.id })).status).toBe(409);
    await first.p.post('/api/pvp/forfeit', {});
  });

  it('keeps both fighters with the battle as matched, and still plays a battle stored without them', async () => {
    const { first, second, battle } = await matched('mage', 'tank');
    const [row] = await t.database.db.select().from(pvpBattles).where(eq(pvpBattles.id, battle.id));
    expect(row!.fighter1).toMatchObject({ name: battle.player1.character.name, stats: battle.player1.character.stats });
    expect(row!.fighter2).toMatchObject({ name: battle.player2.character.name, stats: battle.player2.character.stats });
    // A battle stored before fighters were kept with it rebuilds them from the characters.
    await t.database.db.update(pvpBattles).set({ fighter1: null, fighter2: null }).where(eq(pvpBattles.id, battle.id));
    expect((await first.p.post('/api/pvp/make-move', { move: 'attack' })).status).toBe(200);
    expect((await second.p.post('/api/pvp/make-move', { move: 'attack' })).status).toBe(200);
    await first.p.post('/api/pvp/forfeit', {});
  });

  it('defend halves the hit taken and special waits two own turns', async () => {
    const { first, second, battle } = await matched('tank', 'mage');
    // Deep HP pools, so no roll can end the fight before the special has recharged.
    await t.database.db
      .update(pvpBattles)
      .set({ hp1: 100_000, hp2: 100_000, maxHp1: 100_000, maxHp2: 100_000 })
      .where(eq(pvpBattles.id, battle.id));
    expect((await first.p.post('/api/pvp/make-move', { move: 'special' })).status).toBe(200);
    const defended = (await second.p.post('/api/pvp/make-move', { move: 'defend' })).body as PvpBattleView;
    const row = async () => (await t.database.db.select().from(pvpBattles).where(eq(pvpBattles.id, defended.id)))[0]!;
    const secondIs1 = defended.player1.id === second.user.id;
    expect(secondIs1 ? (await row()).defending1 : (await row()).defending2).toBe(true);
    const onCooldown = await first.p.post('/api/pvp/make-move', { move: 'special' });
    expect(onCooldown.status).toBe(400);
    expect(onCooldown.body.message).toContain('cooldown');
    const hit = (await first.p.post('/api/pvp/make-move', { move: 'attack' })).body as PvpBattleView;
    expect(secondIs1 ? (await row()).defending1 : (await row()).defending2).toBe(false);
    expect(hit.specialCooldown[String(first.user.id)]).toBe(1);
    await second.p.post('/api/pvp/make-move', { move: 'attack' });
    expect((await first.p.post('/api/pvp/make-move', { move: 'special' })).status).toBe(400);
    await first.p.post('/api/pvp/make-move', { move: 'attack' });
    await second.p.post('/api/pvp/make-move', { move: 'attack' });
    expect((await first.p.post('/api/pvp/make-move', { move: 'special' })).status).toBe(200);
    await first.p.post('/api/pvp/forfeit', {});
  });

  it('plays to the end: rewards in the ledger, lastPvPBattleAt, wins and losses, chat', async () => {
    const { first, second, battle } = await matched();
    let view = battle;
    for (let i = 0; i < 500 && view.status === 'active'; i++) {
      const mover = view.currentTurn === first.user.id ? first : second;
      const res = await mover.p.post('/api/pvp/make-move', { move: 'attack' });
      expect(res.status).toBe(200);
      view = res.body as PvpBattleView;
    }
    expect(view.status).toBe('completed');
    const winner = view.winner === first.user.id ? first : second;
    const loser = winner === first ? second : first;
    const loserLevel = loser.character.level;
    const ledger = await t.database.db.select().from(creditLedger).where(and(eq(creditLedger.userId, winner.user.id), eq(creditLedger.reason, 'pvp_reward')));
    expect(ledger.map((l) => l.delta)).toEqual([100 + 20 * loserLevel]);
    expect(await t.database.db.select().from(creditLedger).where(and(eq(creditLedger.userId, loser.user.id), eq(creditLedger.reason, 'pvp_reward')))).toEqual([]);
    const [w] = await t.database.db.select().from(characters).where(eq(characters.id, winner.character.id));
    const [l] = await t.database.db.select().from(characters).where(eq(characters.id, loser.character.id));
    expect(w!.wins).toBe(1);
    expect(l!.losses).toBe(1);
    expect(w!.lastPvpBattleAt).not.toBeNull();
    expect(l!.lastPvpBattleAt).not.toBeNull();
    expect(w!.experience + (w!.level > 1 ? 100 : 0)).toBe(50 + 10 * loserLevel);
    expect(l!.experience).toBe(10);
    const chat = await t.database.db.select().from(chatMessages).where(eq(chatMessages.type, 'system'));
    expect(chat.some((m) => m.message.includes('defeated'))).toBe(true);
    expect((await winner.p.post('/api/pvp/make-move', { move: 'attack' })).status).toBe(404);
    const again = await winner.p.post('/api/pvp/join-queue', { characterId: winner.character.id });
    expect(again.status).toBe(429);
  });

  it('forfeit ends the battle for the opponent', async () => {
    const { first, second } = await matched();
    const res = await second.p.post('/api/pvp/forfeit', {});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'completed', winner: first.user.id });
    const [row] = await t.database.db.select().from(pvpBattles).where(eq(pvpBattles.id, (res.body as PvpBattleView).id));
    expect(row!.reason).toBe('forfeit');
    expect((await first.p.post('/api/pvp/forfeit', {})).status).toBe(404);
  });

  it('the sweeper pairs players whose level gap was too wide at join once they have waited', async () => {
    const low = await fighter();
    const high = await fighter();
    await t.database.db.update(characters).set({ level: 9 }).where(eq(characters.id, high.character.id));
    expect(((await low.p.post('/api/pvp/join-queue', { characterId: low.character.id })).body as QueueStatusView).battle).toBeNull();
    expect(((await high.p.post('/api/pvp/join-queue', { characterId: high.character.id })).body as QueueStatusView).battle).toBeNull();
    const sent: [number, ServerMessage][] = [];
    const soon = await sweepPvpBattles(t.database.db, async (u, m) => void sent.push([u, m]), { now: new Date(Date.now() + 1000) });
    expect(soon).toEqual([]);
    const later = await sweepPvpBattles(t.database.db, async (u, m) => void sent.push([u, m]), { now: new Date(Date.now() + 60_000) });
    expect(later).toHaveLength(1);
    expect(later[0]).toMatchObject({ kind: 'matched' });
    const players = [later[0]!.battle.player1UserId, later[0]!.battle.player2UserId];
    expect([...players].sort()).toEqual([low.user.id, high.user.id].sort());
    expect(sent.filter(([, m]) => m.type === 'battle_matched').map(([u]) => u).sort()).toEqual([low.user.id, high.user.id].sort());
    expect(((await low.p.get('/api/pvp/queue-status')).body as QueueStatusView).inQueue).toBe(false);
    expect((await low.p.post('/api/pvp/forfeit', {})).status).toBe(200);
  });

  it('the turn timer makes the idle player forfeit', async () => {
    const { first, second, battle } = await matched();
    const sent: [number, ServerMessage][] = [];
    const early = await sweepPvpBattles(t.database.db, async (u, m) => void sent.push([u, m]), { now: new Date(Date.parse(battle.turnDeadline) - 1000) });
    expect(early.filter((c) => c.battle.id === battle.id)).toEqual([]);
    const changes = await sweepPvpBattles(t.database.db, async (u, m) => void sent.push([u, m]), { now: new Date(Date.parse(battle.turnDeadline) + 1000) });
    const mine = changes.find((c) => c.battle.id === battle.id)!;
    expect(mine.battle).toMatchObject({ status: 'completed', winner: second.user.id, reason: 'timeout' });
    const ended = sent.filter(([, m]) => m.type === 'battle_ended');
    expect(ended.map(([u]) => u).sort()).toEqual([first.user.id, second.user.id].sort());
    const forWinner = ended.find(([u]) => u === second.user.id)![1];
    expect(forWinner).toMatchObject({ type: 'battle_ended', winner: second.user.id, reason: 'timeout', rewards: { experience: 60, credits: 120 } });
  });

  it("another player's battle cannot be moved in", async () => {
    const { first, battle } = await matched();
    const outsider = await fighter();
    expect((await outsider.p.post('/api/pvp/make-move', { move: 'attack' })).status).toBe(404);
    expect((await outsider.p.post('/api/pvp/forfeit', {})).status).toBe(404);
    const status = (await outsider.p.get('/api/pvp/queue-status')).body as QueueStatusView;
    expect(status.battle).toBeNull();
    expect(status.activeBattles).toBeGreaterThanOrEqual(1);
    const [row] = await t.database.db.select().from(pvpBattles).where(eq(pvpBattles.id, battle.id));
    expect(row!.turnCount).toBe(0);
    await first.p.post('/api/pvp/forfeit', {});
    expect(await t.database.db.select().from(pvpQueue)).toEqual([]);
  });
});
