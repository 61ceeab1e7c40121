import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import type { CharacterView } from '../src/common/game-api';
import { creditLedger } from '../src/server/db/schema';
import { pvpBattles } from '../src/server/db/schema-pvp';
import { Player } from './helpers/player';
import { startServerProcess, type ServerProcess } from './helpers/server-process';
import { openTestDatabase, type TestDatabase } from './helpers/test-db';
import { TestSocket } from './helpers/test-socket';

/**
 * Two real server processes on one PostgreSQL and one Redis (DESIGN §5): chat and PvP cross
 * instances, and a battle survives the death of the instance its players were on.
 */

const pgUrl = process.env.TEST_DATABASE_URL?.startsWith('postgres') ? process.env.TEST_DATABASE_URL : undefined;
const redisUrl = process.env.REDIS_URL;
const skip = !pgUrl ? 'the database is not PostgreSQL' : !redisUrl ? 'REDIS_URL is not set' : undefined;
if (skip) console.warn(`multi-instance.test: skipped: ${skip} (CI runs it with DATABASE_URL and REDIS_URL).`);

/**
 * Long enough that no turn runs out while a test is making its move, however busy the machine;
 * the takeover test waits for the one turn that does run out (events, not wall-clock margins).
 */
const TURN_SECONDS = 12;

describe.skipIf(Boolean(skip))('two server processes on one PostgreSQL and Redis', () => {
  let database: TestDatabase;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    database = await openTestDatabase();
    const env = { DATABASE_URL: database.url, REDIS_URL: redisUrl!, PVP_TURN_SECONDS: String(TURN_SECONDS) };
    [a, b] = await Promise.all([startServerProcess({ env }), startServerProcess({ env })]);
  }, 120_000);
  // A failure shows what the servers said (their warnings name a takeover or a lost lease).
  beforeEach(() => {
    onTestFailed(() => {
      for (const [name, server] of [['A', a], ['B', b]] as const) console.warn(`instance ${name}:\n${server?.output().slice(-6000) ?? ''}`);
    });
  });
  afterAll(async () => {
    // A process frozen by a failed test would not hear SIGTERM.
    b?.resume();
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.close();
  });

  /** A player registered through `on`, with a character and a socket on `socketOn`. */
  async function fighter(on: ServerProcess, socketOn: ServerProcess = on) {
    const p = new Player(on.url);
    const { user } = await p.register();
    const character = (await p.post('/api/characters', { name: 'Far Fighter', class: 'warrior', characterAvatar: 'warrior1' }))
      .body as CharacterView;
    const socket = await TestSocket.open(socketOn.url, p.cookie);
    return { p, user, character, socket };
  }
  type Fighter = Awaited<ReturnType<typeof fighter>>;

  async function matchAcross(one: Fighter, two: Fighter) {
    one.socket.send({ type: 'pvp_join_queue', characterId: one.character.id });
    await one.socket.next('queue_joined');
    two.socket.send({ type: 'pvp_join_queue', characterId: two.character.id });
    const startedOne = await one.socket.next('battle_started');
    const startedTwo = await two.socket.next('battle_started');
    expect(startedTwo.battle.battleId).toBe(startedOne.battle.battleId);
    return startedOne.battle.battleId;
  }

  async function battleRow(id: number) {
    const [row] = await database.db.select().from(pvpBattles).where(eq(pvpBattles.id, id));
    return row!;
  }

  it('a chat message posted on one instance reaches a socket on the other', async () => {
    const poster = new Player(a.url);
    await poster.register();
    const listener = new Player(a.url);
    await listener.register();
    const onB = await TestSocket.open(b.url, listener.cookie);
    const posted = await poster.post('/api/chat/messages', { message: 'hello from instance A' });
    expect(posted.status).toBe(201);
    const heard = await onB.next('chat_message', (m) => m.message.id === posted.body.id);
    expect(heard.message).toMatchObject({ text: 'hello from instance A', username: posted.body.username });
    onB.close();
  });

  /**
   * Plays on with attacks until the battle ends. The sides take turns, so the mover alternates; a
   * move is seen through its own `battle_action` (by its turn number: the other player's may still
   * be on its way over the bus).
   */
  async function fightToTheEnd(battleId: number, players: { userId: number; socket: TestSocket }[], firstMover: number) {
    let mover = firstMover;
    for (let turn = 1; turn <= 300; turn++) {
      const me = players.find((p) => p.userId === mover)!;
      me.socket.send({ type: 'pvp_action', battleId, action: 'attack' });
      const action = await me.socket.next('battle_action', { match: (m) => m.turn === turn && m.events.length > 0, timeoutMs: 60_000 });
      if (action.events.some((e) => e.type === 'end')) break;
      mover = players.find((p) => p.userId !== mover)!.userId;
    }
  }

  it('players on different instances are matched and fight to the end, rewards written', async () => {
    const one = await fighter(a);
    const two = await fighter(b);
    const battleId = await matchAcross(one, two);
    const first = one.socket.received.find((m) => m.type === 'battle_started');
    const firstMover = first?.type === 'battle_started' && first.battle.yourTurn ? one.user.id : two.user.id;
    await fightToTheEnd(battleId, [{ userId: one.user.id, socket: one.socket }, { userId: two.user.id, socket: two.socket }], firstMover);
    const ends = await Promise.all([one, two].map((f) => f.socket.next('battle_ended')));
    // Every move was taken: no socket was told of a refusal.
    expect([...one.socket.received, ...two.socket.received].filter((m) => m.type === 'error')).toEqual([]);
    expect(ends[0]!.winner).toBe(ends[1]!.winner);
    const ended = await battleRow(battleId);
    expect(ended).toMatchObject({ status: 'completed', reason: 'knockout', winner: ends[0]!.winner });
    const rewards = await database.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, ended.winner!), eq(creditLedger.reference, `pvp_battle:${battleId}`)));
    expect(rewards).toHaveLength(1);
    expect(rewards[0]!.delta).toBe(120);
    for (const f of [one, two]) f.socket.close();
  }, 60_000);

  it("when a battle's owner dies, the other instance takes it over: no acknowledged move is lost and the timer still ends it", async () => {
    // Only A runs when the battle is matched, so A owns it. B is frozen meanwhile rather than
    // stopped: started again, it took long enough on a busy machine for the first turn to run out.
    b.pause();
    const one = await fighter(a);
    const two = await fighter(a);
    const battleId = await matchAcross(one, two);
    b.resume();
    expect((await battleRow(battleId)).owner).not.toBeNull();

    // One move, acknowledged (its battle_action arrived), then A dies at once.
    const started = one.socket.received.find((m) => m.type === 'battle_started');
    const [mover, other] = started?.type === 'battle_started' && started.battle.yourTurn ? [one, two] : [two, one];
    const from = mover.socket.received.length;
    mover.socket.send({ type: 'pvp_action', battleId, action: 'attack' });
    const acknowledged = await mover.socket.next('battle_action', { from });
    await a.kill('SIGKILL');

    // Both come back through B, which has taken the battle over with the move in it.
    const sockets = new Map([
      [mover.user.id, await TestSocket.open(b.url, mover.p.cookie)],
      [other.user.id, await TestSocket.open(b.url, other.p.cookie)],
    ]);
    // While the battle runs on B, its state has the move in it: the other player's turn now. (On a
    // machine busy enough that the turn ran out first, the end below shows the same.)
    const other$ = sockets.get(other.user.id)!;
    let running: { battleId: number; yourTurn: boolean; events: { type: string }[] } | null = null;
    for (;;) {
      const mark = other$.received.length;
      other$.send({ type: 'pvp_state' });
      const answer = await Promise.race([
        other$.next('battle_started', { from: mark, timeoutMs: 60_000 }),
        other$.next('error', { from: mark, timeoutMs: 60_000 }),
        other$.next('queue_left', { from: mark, timeoutMs: 60_000 }),
      ]);
      if (answer.type === 'battle_started') running = answer.battle;
      if (answer.type !== 'error') break; // 'moving to another server' until B has taken it over
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    if (running) {
      expect(running.battleId).toBe(battleId);
      expect(running.yourTurn).toBe(true);
      expect(running.events.filter((e) => e.type === 'turn')).toHaveLength(acknowledged.turn);
    }

    // Then nobody moves: B's timer ends the battle; the idle player loses, the move still in it.
    const ended = await sockets.get(mover.user.id)!.next('battle_ended', { timeoutMs: (TURN_SECONDS + 60) * 1000 });
    expect(ended).toMatchObject({ battleId, reason: 'timeout', winner: mover.user.id });
    expect(ended.battle.events.filter((e) => e.type === 'turn')).toHaveLength(acknowledged.turn);
    expect(await battleRow(battleId)).toMatchObject({ status: 'completed', reason: 'timeout' });
    for (const [, socket] of sockets) socket.close();
    await a.restart();
  }, 180_000);

  it('an HTTP move landing on the instance that does not hold the battle is forwarded to the one that does', async () => {
    const one = new Player(a.url);
    const two = new Player(a.url);
    const [u1, u2] = [(await one.register()).user, (await two.register()).user];
    const c1 = (await one.post('/api/characters', { name: 'Fwd One', class: 'tank' })).body as CharacterView;
    const c2 = (await two.post('/api/characters', { name: 'Fwd Two', class: 'tank' })).body as CharacterView;
    await one.post('/api/pvp/join-queue', { characterId: c1.id });
    const battle = (await two.post('/api/pvp/join-queue', { characterId: c2.id })).body.battle;
    expect(battle).not.toBeNull();
    // Each player now plays through the instance it did not join on.
    const [viaA, viaB] = [new Player(a.url), new Player(b.url)];
    const seats = new Map([
      [u1.id, battle.currentTurn === u1.id ? viaB : viaA],
      [u2.id, battle.currentTurn === u2.id ? viaB : viaA],
    ]);
    seats.get(u1.id)!.cookie = one.cookie;
    seats.get(u2.id)!.cookie = two.cookie;
    const moved = await seats.get(battle.currentTurn)!.post('/api/pvp/make-move', { move: 'defend' });
    expect(moved.status).toBe(200);
    expect(moved.body.turnCount).toBe(1);
    const other = battle.currentTurn === u1.id ? u2.id : u1.id;
    expect((await seats.get(other)!.post('/api/pvp/make-move', { move: 'defend' })).body.turnCount).toBe(2);
    const done = await seats.get(battle.currentTurn)!.post('/api/pvp/forfeit', {});
    expect(done.body).toMatchObject({ status: 'completed', winner: other });
  }, 60_000);
});
