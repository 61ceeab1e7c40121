import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CharacterView } from '../src/common/game-api';
import type { LiveBattleView, PvpBattleView, PvpRankingEntry, QueueStatusView } from '../src/common/pvp';
import { STATEMENTS_HEADER } from '../src/server/app';
import { characters, creditLedger, marketplaceListings } from '../src/server/db/schema-index';
import { pvpBattles, pvpQueue } from '../src/server/db/schema-pvp';
import { replays } from '../src/server/db/schema-replays';
import { countStatements } from '../src/server/db/client';
import { UNAVAILABLE_MESSAGE } from '../src/server/pvp/matcher';
import { AppError } from '../src/server/errors';
import { ManualTime } from '../src/server/pvp/room/room-clock';
import { joinQueueMany } from '../src/server/pvp/storage/queue';
import { movableClock } from './helpers/context';
import { Player } from './helpers/player';
import { startTestApp, type TestApp } from './helpers/test-app';
import { TestSocket, waitUntil } from './helpers/test-socket';

let t: TestApp;
const clock = movableClock();
beforeAll(async () => {
  t = await startTestApp({ clock });
});
afterAll(async () => {
  await t?.close();
});

async function fighter(cls = 'warrior', app: TestApp = t) {
  const p = new Player(app.base);
  const { user } = await p.register();
  const res = await p.post('/api/characters', { name: `Pvp ${cls}`, class: cls, characterAvatar: 'warrior1' });
  return { p, user, character: res.body as CharacterView };
}

/** Deep HP pools (defence builds HP), so no roll of the few hits a test plays can end its fight. */
async function deepen(...characterIds: number[]) {
  const deep = { attack: 0, defense: 50_000, speed: 0, magic: 0 };
  await t.database.db.update(characters).set({ allocated: deep }).where(inArray(characters.id, characterIds));
}

/** Two players of the queue variant, matched. */
async function matched(a = 'warrior', b = 'warrior', app: TestApp = t) {
  return matchedPair(await fighter(a, app), await fighter(b, app));
}

type Fighter = Awaited<ReturnType<typeof fighter>>;

/** These two, matched in the queue: `first` moves first. */
async function matchedPair(one: Fighter, two: Fighter) {
  expect((await one.p.post('/api/pvp/join-queue', { characterId: one.character.id })).status).toBe(200);
  const res = await two.p.post('/api/pvp/join-queue', { characterId: two.character.id });
  expect(res.status).toBe(200);
  const battle = (res.body as QueueStatusView).battle!;
  expect(battle).not.toBeNull();
  const [first, second] = battle.currentTurn === one.user.id ? [one, two] : [two, one];
  return { one, two, battle, first, second };
}

/** Plays a queue battle to its end with the moves given in turn. */
async function playOut(first: Fighter, second: Fighter, start: PvpBattleView, move = 'attack') {
  let view = start;
  for (let i = 0; i < 500 && view.status === 'active'; i++) {
    const mover = view.currentTurn === first.user.id ? first : second;
    const res = await mover.p.post('/api/pvp/make-move', { move });
    expect(res.status, res.text).toBe(200);
    view = res.body as PvpBattleView;
  }
  return view;
}

describe('queue', () => {
  it('joins, reports status and leaves', async () => {
    const { p, character } = await fighter();
    const before = (await p.get('/api/pvp/queue-status')).body as QueueStatusView;
    expect(before).toMatchObject({ inQueue: false, position: null, battle: null, queueTime: 0, ghostOffer: null, turnSeconds: 30 });
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
    const statuses = await Promise.all(players.map(async (f) => (await f.p.get('/api/pvp/queue-status')).body as QueueStatusView));
    expect(statuses.filter((st) => st.inQueue)).toEqual([]);
    const ids = new Set(statuses.map((st) => st.battle?.id));
    expect(ids.has(undefined)).toBe(false);
    expect(ids.size).toBe(6);
    const rows = await t.database.db.select().from(pvpBattles).where(inArray(pvpBattles.id, [...ids] as number[]));
    expect(new Set(rows.flatMap((r) => [r.player1UserId, r.player2UserId]))).toEqual(new Set(players.map((f) => f.user.id)));
    for (const st of statuses) {
      const mover = players.find((f) => f.user.id === st.battle!.player1.id)!;
      await mover.p.post('/api/pvp/forfeit', {});
    }
  });

  it('seats a burst of joins in one statement, in line in the order asked, and refuses only the unable', async () => {
    const waiting = await fighter();
    expect((await waiting.p.post('/api/pvp/join-queue', { characterId: waiting.character.id })).status).toBe(200);
    const burst = await Promise.all(Array.from({ length: 6 }, () => fighter()));
    const listed = burst[3]!;
    await t.database.db.insert(marketplaceListings).values({ characterId: listed.character.id, sellerId: listed.user.id, price: 1000, characterLevel: listed.character.level });
    const asked = [...burst, burst[0]!].map((f) => ({ userId: f.user.id, characterId: f.character.id, variant: 'queue' as const, arena: null }));
    const counter = { statements: 0 };
    const answers = await countStatements(counter, () => joinQueueMany(t.app.ctx, asked));
    // One statement seats them all; finding out why costs more, and only for the refused.
    const refusedStatements = counter.statements - 1;
    expect(refusedStatements).toBeGreaterThan(0);
    const seated = answers.filter((a) => !(a instanceof AppError)) as { userId: number; position: number }[];
    expect(seated.map((a) => a.userId)).toEqual([0, 1, 2, 4, 5].map((i) => burst[i]!.user.id));
    expect(seated.map((a) => a.position)).toEqual([2, 3, 4, 5, 6]);
    expect((answers[3] as AppError).message).toBe('A character listed on the marketplace cannot queue. Withdraw the listing first.');
    expect((answers[6] as AppError).message).toBe('You are already in the queue');
    const alone = { statements: 0 };
    const one = await countStatements(alone, () => joinQueueMany(t.app.ctx, [{ userId: listed.user.id, characterId: 987654321, variant: 'queue', arena: null }]));
    expect((one[0] as AppError).status).toBe(404);
    const single = await fighter();
    const only = { statements: 0 };
    await countStatements(only, () => joinQueueMany(t.app.ctx, [{ userId: single.user.id, characterId: single.character.id, variant: 'queue', arena: null }]));
    expect(only.statements).toBe(1);
    await t.database.db.delete(pvpQueue);
  });

  it('refuses without a character, a listed character, during the cooldown and for another player\'s character', async () => {
    const bare = new Player(t.base);
    await bare.register();
    const none = await bare.post('/api/pvp/join-queue', {});
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Create a character first');

    const { p, user, character } = await fighter();
    await t.database.db.insert(marketplaceListings).values({ characterId: character.id, sellerId: user.id, price: 1000, characterLevel: character.level });
    expect((await p.post('/api/pvp/join-queue', { characterId: character.id })).status).toBe(409);
    await t.database.db.update(marketplaceListings).set({ status: 'withdrawn' }).where(eq(marketplaceListings.characterId, character.id));

    await t.database.db.update(characters).set({ lastPvpBattleAt: new Date(clock.now().getTime() - 10_000) }).where(eq(characters.id, character.id));
    const cooling = await p.post('/api/pvp/join-queue', { characterId: character.id });
    expect(cooling.status).toBe(429);
    expect(cooling.body.message).toContain('cooldown');

    const other = await fighter();
    expect((await p.post('/api/pvp/join-queue', { characterId: other.character.id })).status).toBe(403);
    expect((await p.post('/api/pvp/join-queue', { characterId: 987654321 })).status).toBe(404);
  });

  it('pairs by rating: a wide gap waits until the window has widened', async () => {
    const low = await fighter();
    const high = await fighter();
    await t.database.db.update(characters).set({ rating: 1900 }).where(eq(characters.id, high.character.id));
    expect(((await low.p.post('/api/pvp/join-queue', { characterId: low.character.id })).body as QueueStatusView).battle).toBeNull();
    expect(((await high.p.post('/api/pvp/join-queue', { characterId: high.character.id })).body as QueueStatusView).battle).toBeNull();
    // 400 points apart: the window (100 + 50 per 5 s) covers it after 30 s of waiting.
    clock.advance(31_000);
    await waitUntil(async () => ((await low.p.get('/api/pvp/queue-status')).body as QueueStatusView).battle !== null);
    const battle = ((await high.p.get('/api/pvp/queue-status')).body as QueueStatusView).battle!;
    expect([battle.player1.id, battle.player2.id].sort()).toEqual([low.user.id, high.user.id].sort());
    expect(battle.player1.rating.rating + battle.player2.rating.rating).toBe(1500 + 1900);
    await low.p.post('/api/pvp/forfeit', {});
  });

  it('pairs only within an arena, and refuses a level outside its range', async () => {
    const a = await fighter();
    const b = await fighter();
    const outside = await fighter();
    await t.database.db.update(characters).set({ level: 30 }).where(eq(characters.id, outside.character.id));
    const refused = await outside.p.post('/api/pvp/join-queue', { characterId: outside.character.id, arena: 'arena1' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Level Requirement Not Met');
    expect((await a.p.post('/api/pvp/join-queue', { characterId: a.character.id, arena: 'arena1' })).status).toBe(200);
    // Not in the arena: not paired with the one waiting in it.
    expect(((await b.p.post('/api/pvp/join-queue', { characterId: b.character.id })).body as QueueStatusView).battle).toBeNull();
    await b.p.post('/api/pvp/leave-queue', {});
    const inArena = ((await b.p.post('/api/pvp/join-queue', { characterId: b.character.id, arena: 'arena1' })).body as QueueStatusView).battle;
    expect(inArena).not.toBeNull();
    await b.p.post('/api/pvp/forfeit', {});
  });
});

describe('battle', () => {
  it('matches two players, alternates moves and refuses out of turn', async () => {
    const { first, second, battle, one, two } = await matched();
    expect(battle.variant).toBe('queue');
    expect([battle.player1.id, battle.player2.id].sort()).toEqual([one.user.id, two.user.id].sort());
    expect(battle.player1.hp).toBe(battle.player1.maxHp);
    expect(battle.turnSeconds).toBe(30);
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

  it('keeps both fighters with the battle as matched, and answers a move without touching the database', async () => {
    const { first, second, battle } = await matched('mage', 'tank');
    const [row] = await t.database.db.select().from(pvpBattles).where(eq(pvpBattles.id, battle.id));
    expect(row!.fighter1).toMatchObject({ name: battle.player1.character.name, stats: battle.player1.character.stats });
    expect(row!.fighter2).toMatchObject({ name: battle.player2.character.name, stats: battle.player2.character.stats });
    expect(row!.owner).toBe(t.app.pvp.instanceId);
    const move = await first.p.post('/api/pvp/make-move', { move: 'defend' });
    expect(move.headers.get(STATEMENTS_HEADER)).toBe('0');
    // The journal holds the move: no snapshot is due while it holds every action (the room unit
    // tests cover when one is); a full flush, as on a clean stop, writes it.
    await t.app.pvp.flushDue();
    expect((await t.database.db.select().from(pvpBattles).where(eq(pvpBattles.id, battle.id)))[0]!.inputs).toHaveLength(0);
    await t.app.pvp.flush();
    expect((await t.database.db.select().from(pvpBattles).where(eq(pvpBattles.id, battle.id)))[0]!.inputs).toHaveLength(1);
    expect((await second.p.post('/api/pvp/make-move', { move: 'defend' })).headers.get(STATEMENTS_HEADER)).toBe('0');
    // The end is settled once, in at most six statements.
    const ended = await first.p.post('/api/pvp/forfeit', {});
    expect(Number(ended.headers.get(STATEMENTS_HEADER))).toBeLessThanOrEqual(6);
    expect(ended.body).toMatchObject({ status: 'completed', replayId: expect.any(Number) });
  });

  it('lets defend halve the next hit and the special wait two own turns', async () => {
    const one = await fighter('tank');
    const two = await fighter('mage');
    // No roll may end the fight before the special has recharged.
    await deepen(one.character.id, two.character.id);
    const { first, second } = await matchedPair(one, two);
    expect((await first.p.post('/api/pvp/make-move', { move: 'special' })).status).toBe(200);
    const defended = (await second.p.post('/api/pvp/make-move', { move: 'defend' })).body as PvpBattleView;
    expect(defended.events.at(-1)).toMatchObject({ type: 'defend' });
    const onCooldown = await first.p.post('/api/pvp/make-move', { move: 'special' });
    expect(onCooldown.status).toBe(400);
    expect(onCooldown.body.message).toContain('cooldown');
    const hit = (await first.p.post('/api/pvp/make-move', { move: 'attack' })).body as PvpBattleView;
    expect(hit.specialCooldown[String(first.user.id)]).toBe(1);
    await second.p.post('/api/pvp/make-move', { move: 'attack' });
    expect((await first.p.post('/api/pvp/make-move', { move: 'special' })).status).toBe(400);
    await first.p.post('/api/pvp/make-move', { move: 'attack' });
    await second.p.post('/api/pvp/make-move', { move: 'attack' });
    expect((await first.p.post('/api/pvp/make-move', { move: 'special' })).status).toBe(200);
    await first.p.post('/api/pvp/forfeit', {});
  });

  it('plays to the end: rewards in the ledger, ratings, lastPvPBattleAt, wins and losses', async () => {
    const { first, second, battle } = await matched();
    const view = await playOut(first, second, battle);
    expect(view.status).toBe('completed');
    const winner = view.winner === first.user.id ? first : second;
    const loser = winner === first ? second : first;
    const ledger = await t.database.db.select().from(creditLedger).where(and(eq(creditLedger.userId, winner.user.id), eq(creditLedger.reason, 'pvp_reward')));
    expect(ledger.map((l) => l.delta)).toEqual([100 + 20 * loser.character.level]);
    expect(await t.database.db.select().from(creditLedger).where(and(eq(creditLedger.userId, loser.user.id), eq(creditLedger.reason, 'pvp_reward')))).toEqual([]);
    const [w] = await t.database.db.select().from(characters).where(eq(characters.id, winner.character.id));
    const [l] = await t.database.db.select().from(characters).where(eq(characters.id, loser.character.id));
    expect(w).toMatchObject({ wins: 1, pvpWins: 1, pvpStreak: 1 });
    expect(l).toMatchObject({ losses: 1, pvpLosses: 1, pvpStreak: 0 });
    expect(w!.rating).toBeGreaterThan(1500);
    expect(l!.rating).toBeLessThan(1500);
    expect(w!.ratingDeviation).toBeLessThan(350);
    expect(w!.lastPvpBattleAt).not.toBeNull();
    expect(l!.lastPvpBattleAt).not.toBeNull();
    expect((await winner.p.post('/api/pvp/make-move', { move: 'attack' })).status).toBe(404);
    expect((await winner.p.post('/api/pvp/join-queue', { characterId: winner.character.id })).status).toBe(429);
    // The ladder of the season.
    const ladder = (await winner.p.get('/api/rankings?category=pvp&limit=100')).body as PvpRankingEntry[];
    const mine = ladder.find((e) => e.characterId === winner.character.id)!;
    expect(mine).toMatchObject({ wins: 1, losses: 0, rating: Math.round(w!.rating), deviation: Math.round(w!.ratingDeviation) });
    expect(ladder.findIndex((e) => e.characterId === winner.character.id)).toBeLessThan(ladder.findIndex((e) => e.characterId === loser.character.id));
  });

  it('battles that end together are settled together, each with its own replay and reward reference', async () => {
    const duels = [await matched(), await matched(), await matched()];
    for (const { first, second } of duels) {
      expect((await first.p.post('/api/pvp/make-move', { move: 'defend' })).status).toBe(200);
      expect((await second.p.post('/api/pvp/make-move', { move: 'defend' })).status).toBe(200);
    }
    // Forfeits sent at once: their ends gather into the same settlement.
    const ends = await Promise.all(duels.map(({ first }) => first.p.post('/api/pvp/forfeit', {})));
    for (const [i, { first, second, battle }] of duels.entries()) {
      const end = ends[i]!.body as PvpBattleView & { replayId: number };
      expect(end).toMatchObject({ status: 'completed', winner: second.user.id });
      const [row] = await t.database.db.select().from(pvpBattles).where(eq(pvpBattles.id, battle.id));
      expect(row!.replayId).toBe(end.replayId);
      const [replay] = await t.database.db.select().from(replays).where(eq(replays.id, end.replayId));
      expect([replay!.character1Id, replay!.character2Id]).toEqual([battle.player1.character.id, battle.player2.character.id]);
      const paid = await t.database.db.select().from(creditLedger).where(and(inArray(creditLedger.userId, [first.user.id, second.user.id]), eq(creditLedger.reason, 'pvp_reward')));
      expect(paid.map((l) => [l.userId, l.reference])).toEqual([[second.user.id, `pvp_battle:${battle.id}`]]);
    }
  });

  it('tells both players the end over the socket, with rewards, the rating change and the replay', async () => {
    const { first, second, battle } = await matched();
    const sockets = [await TestSocket.open(t.base, first.p.cookie), await TestSocket.open(t.base, second.p.cookie)];
    await playOut(first, second, battle);
    for (const socket of sockets) {
      const ended = await socket.next('battle_ended');
      expect(ended).toMatchObject({ battleId: battle.id, reason: 'knockout', noContest: false, replayId: expect.any(Number) });
      expect(ended.rating!.after.rating).not.toBe(ended.rating!.before.rating);
      socket.close();
    }
  });

  it('no contest: a battle ended before both players moved pays nothing and counts nothing, but starts the cooldown', async () => {
    const forfeited = await matched();
    expect((await forfeited.first.p.post('/api/pvp/forfeit', {})).body).toMatchObject({ status: 'completed', winner: forfeited.second.user.id });
    const oneMove = await matched();
    expect((await oneMove.first.p.post('/api/pvp/make-move', { move: 'attack' })).status).toBe(200);
    expect((await oneMove.second.p.post('/api/pvp/forfeit', {})).status).toBe(200);
    for (const { one, two } of [forfeited, oneMove]) {
      expect(await t.database.db.select().from(creditLedger).where(and(inArray(creditLedger.userId, [one.user.id, two.user.id]), eq(creditLedger.reason, 'pvp_reward')))).toEqual([]);
      for (const f of [one, two]) {
        const [row] = await t.database.db.select().from(characters).where(eq(characters.id, f.character.id));
        expect(row).toMatchObject({ wins: 0, losses: 0, experience: 0, level: 1, rating: 1500, pvpWins: 0, pvpLosses: 0 });
        expect(row!.lastPvpBattleAt).not.toBeNull();
        expect((await f.p.post('/api/pvp/join-queue', { characterId: f.character.id })).status).toBe(429);
      }
    }
  });

  it("another player's battle cannot be moved in", async () => {
    const { first, battle } = await matched();
    const outsider = await fighter();
    expect((await outsider.p.post('/api/pvp/make-move', { move: 'attack' })).status).toBe(404);
    expect((await outsider.p.post('/api/pvp/forfeit', {})).status).toBe(404);
    const status = (await outsider.p.get('/api/pvp/queue-status')).body as QueueStatusView;
    expect(status.battle).toBeNull();
    expect(status.activeBattles).toBeGreaterThanOrEqual(1);
    const socket = await TestSocket.open(t.base, outsider.p.cookie);
    expect((await socket.ask({ type: 'pvp_action', battleId: battle.id, action: 'attack' }, 'error')).message).toBe('This battle is not yours');
    socket.close();
    await first.p.post('/api/pvp/forfeit', {});
  });
});

describe('the marketplace and PvP', () => {
  it('a character in the queue or in a running battle cannot be listed, on either path', async () => {
    const queued = await fighter();
    expect((await queued.p.post('/api/pvp/join-queue', { characterId: queued.character.id })).status).toBe(200);
    for (const path of ['/api/marketplace', '/api/marketplace/sell']) {
      const res = await queued.p.post(path, { characterId: queued.character.id, price: 500 });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('This character is waiting in the PvP queue. Leave the queue first.');
    }
    await queued.p.post('/api/pvp/leave-queue', {});
    const { first, second } = await matched();
    for (const f of [first, second]) {
      const res = await f.p.post('/api/marketplace/sell', { characterId: f.character.id, price: 500 });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('This character is fighting a PvP battle. Try again when it ends.');
    }
    await first.p.post('/api/pvp/forfeit', {});
    expect((await first.p.post('/api/marketplace/sell', { characterId: first.character.id, price: 500 })).status).toBe(201);
  });

  it('a listing whose character is fighting cannot be bought until the battle ends', async () => {
    const { first, second } = await matched();
    const [listing] = await t.database.db.insert(marketplaceListings).values({ characterId: first.character.id, sellerId: first.user.id, price: 300, characterLevel: first.character.level }).returning();
    const buyer = await fighter();
    const refused = await buyer.p.post('/api/marketplace/buy', { listingId: listing!.id });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This character is fighting a PvP battle. Try again when it ends.');
    await second.p.post('/api/pvp/forfeit', {});
    expect((await buyer.p.post('/api/marketplace/buy', { listingId: listing!.id })).status).toBe(200);
  });

  it('a listed character is never matched: it leaves the queue with a message and the other player waits for the next', async () => {
    const listed = await fighter();
    const waiting = await fighter();
    const next = await fighter();
    const told = await TestSocket.open(t.base, listed.p.cookie);
    await t.database.db.transaction(async (tx) => {
      await tx.insert(pvpQueue).values({ userId: listed.user.id, characterId: listed.character.id, variant: 'queue', level: 1, joinedAt: new Date(clock.now().getTime() - 5000) });
      await tx.insert(marketplaceListings).values({ characterId: listed.character.id, sellerId: listed.user.id, price: 900, characterLevel: listed.character.level });
    });
    const joined = await waiting.p.post('/api/pvp/join-queue', { characterId: waiting.character.id });
    expect((joined.body as QueueStatusView).battle).toBeNull();
    expect((await told.next('error')).message).toBe(UNAVAILABLE_MESSAGE);
    await told.next('queue_left');
    told.close();
    const matchedNow = (await next.p.post('/api/pvp/join-queue', { characterId: next.character.id })).body as QueueStatusView;
    expect([matchedNow.battle!.player1.id, matchedNow.battle!.player2.id].sort()).toEqual([waiting.user.id, next.user.id].sort());
    await next.p.post('/api/pvp/forfeit', {});
  });
});

describe('ghosts', () => {
  it('offers a player alone for 20 s a ghost of a real character; it fights by itself, pays half and moves no rating', async () => {
    const template = await fighter('rogue');
    await t.database.db.update(characters).set({ name: 'Shade' }).where(eq(characters.id, template.character.id));
    const lonely = await fighter('warrior');
    const socket = await TestSocket.open(t.base, lonely.p.cookie);
    const joined = (await lonely.p.post('/api/pvp/join-queue', { characterId: lonely.character.id })).body as QueueStatusView;
    expect(joined.ghostOffer).toBeNull();
    clock.advance(21_000);
    const offer = await socket.next('ghost_offer');
    expect(offer.ghost).toMatchObject({ class: expect.any(String), level: expect.any(Number), rating: expect.any(Number) });
    expect(((await lonely.p.get('/api/pvp/queue-status')).body as QueueStatusView).ghostOffer).toEqual(offer.ghost);
    const accepted = (await lonely.p.post('/api/pvp/ghost')).body as QueueStatusView;
    const battle = accepted.battle!;
    expect(battle).toMatchObject({ ghost: true, player2: { id: 0, username: `Ghost of ${offer.ghost.name}` } });
    // The ghost moves by itself: keep attacking when it is our turn until the end.
    let view = battle;
    for (let i = 0; i < 300 && view.status === 'active'; i++) {
      if (view.currentTurn === lonely.user.id) view = (await lonely.p.post('/api/pvp/make-move', { move: 'attack' })).body as PvpBattleView;
      else {
        // The ghost's move, whenever it came (it may have before this line is reached).
        const turnCount = view.turnCount;
        await socket.next('battle_turn', (m) => m.battle.turnCount > turnCount || m.battle.status !== 'active');
        view = ((await lonely.p.get('/api/pvp/queue-status')).body as QueueStatusView).battle ?? { ...view, status: 'completed' };
      }
    }
    const ended = await socket.next('battle_ended');
    expect(ended.rating).toBeNull();
    const full = ended.winner === lonely.user.id ? 100 + 20 * offer.ghost.level : 0;
    expect(ended.rewards.credits).toBe(Math.floor(full / 2));
    const [row] = await t.database.db.select().from(characters).where(eq(characters.id, lonely.character.id));
    expect(row!.rating).toBe(1500);
    const [copied] = await t.database.db.select().from(characters).where(eq(characters.name, offer.ghost.name));
    expect(copied).toMatchObject({ wins: 0, losses: 0 });
    socket.close();
  });
});

describe('spectators and the live list', () => {
  it('lists running battles; a spectator sees the events read-only and the fighters see the count', async () => {
    // Two attacks of an assassin and a berserker can end a level-1 fight (about 1 in 500): this
    // one must still run when the list is read.
    const one = await fighter('assassin');
    const two = await fighter('berserker');
    await deepen(one.character.id, two.character.id);
    const { first, second, battle } = await matchedPair(one, two);
    const watcher = await fighter();
    const live = (await watcher.p.get('/api/pvp/live')).body as LiveBattleView[];
    expect(live.find((b) => b.battleId === battle.id)).toMatchObject({ variant: 'queue', fighters: [{ class: expect.any(String) }, { class: expect.any(String) }] });
    const fighterSocket = await TestSocket.open(t.base, first.p.cookie);
    const eye = await TestSocket.open(t.base, watcher.p.cookie);
    const started = await eye.ask({ type: 'pvp_spectate', battleId: battle.id }, 'spectate_started');
    expect(started.battle).toMatchObject({ battleId: battle.id, status: 'active', spectators: 1 });
    expect((await fighterSocket.next('spectators')).count).toBe(1);
    // Read-only: the spectator's actions are refused.
    expect((await eye.ask({ type: 'pvp_action', battleId: battle.id, action: 'attack' }, 'error')).message).toBe('This battle is not yours');
    await first.p.post('/api/pvp/make-move', { move: 'attack' });
    expect((await eye.next('spectate_event')).events[0]).toMatchObject({ type: 'turn' });
    await second.p.post('/api/pvp/make-move', { move: 'attack' });
    // The list shows the turn the battle has reached (the room's own), not its last snapshot's.
    expect(((await watcher.p.get('/api/pvp/live')).body as LiveBattleView[]).find((b) => b.battleId === battle.id)?.turn).toBe(2);
    await first.p.post('/api/pvp/forfeit', {});
    const end = await eye.next('spectate_ended');
    expect(end).toMatchObject({ battleId: battle.id, replayId: expect.any(Number) });
    for (const s of [fighterSocket, eye]) s.close();
    // A fighter cannot watch their own battle.
    const own = await matched();
    const self = await TestSocket.open(t.base, own.first.p.cookie);
    expect((await self.ask({ type: 'pvp_spectate', battleId: own.battle.id }, 'error')).message).toBe('You are fighting this battle');
    self.close();
    await own.first.p.post('/api/pvp/forfeit', {});
  });
});

describe('the turn timer', () => {
  let quick: TestApp;
  // The rooms' time moves when the test says: a turn runs out exactly then, however busy the machine.
  const time = new ManualTime(new Date());
  beforeAll(async () => {
    quick = await startTestApp({ pvp: { time } });
  });
  afterAll(async () => {
    await quick?.close();
  });

  it('makes the idle player forfeit when their turn runs out, in the owner process', async () => {
    const { first, second } = await matched('warrior', 'warrior', quick);
    const sockets = [await TestSocket.open(quick.base, first.p.cookie), await TestSocket.open(quick.base, second.p.cookie)];
    expect((await first.p.post('/api/pvp/make-move', { move: 'defend' })).status).toBe(200);
    expect((await second.p.post('/api/pvp/make-move', { move: 'defend' })).status).toBe(200);
    // Nobody moves again: the first player's turn runs out, and not a moment before.
    time.advance(29_999);
    expect((await first.p.get('/api/pvp/queue-status')).body.battle).toMatchObject({ status: 'active', turnCount: 2 });
    time.advance(1);
    for (const socket of sockets) {
      const ended = await socket.next('battle_ended');
      expect(ended).toMatchObject({ winner: second.user.id, reason: 'timeout', noContest: false });
    }
    const winnerEnd = sockets[1]!.received.find((m) => m.type === 'battle_ended');
    expect(winnerEnd).toMatchObject({ rewards: { experience: 60, credits: 120 } });
    for (const s of sockets) s.close();
  });

  it('an opening timeout is no contest', async () => {
    const { first, second } = await matched('warrior', 'warrior', quick);
    const socket = await TestSocket.open(quick.base, second.p.cookie);
    time.advance(30_000);
    const ended = await socket.next('battle_ended');
    expect(ended).toMatchObject({ winner: second.user.id, reason: 'timeout', noContest: true, rewards: { experience: 0, credits: 0 } });
    expect(first.user.id).not.toBe(second.user.id);
    socket.close();
  });
});
