import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CharacterView } from '../src/common/game-api';
import { creditLedger } from '../src/server/db/schema';
import { pvpBattles } from '../src/server/db/schema-pvp';
import { Player } from './helpers/player';
import { startServerProcess, type ServerProcess } from './helpers/server-process';
import { openTestDatabase, type TestDatabase } from './helpers/test-db';
import { TestSocket, waitUntil } from './helpers/test-socket';

/**
 * Two real server processes on one PostgreSQL and one Redis (DESIGN §5): chat and PvP cross
 * instances, and a battle survives the death of the instance its players were on.
 */

const pgUrl = process.env.TEST_DATABASE_URL?.startsWith('postgres') ? process.env.TEST_DATABASE_URL : undefined;
const redisUrl = process.env.REDIS_URL;
const skip = !pgUrl ? 'the database is not PostgreSQL' : !redisUrl ? 'REDIS_URL is not set' : undefined;
if (skip) console.warn(`multi-instance.test: skipped: ${skip} (CI runs it with DATABASE_URL and REDIS_URL).`);

const TURN_SECONDS = 3;

describe.skipIf(Boolean(skip))('two server processes on one PostgreSQL and Redis', () => {
  let database: TestDatabase;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    database = await openTestDatabase();
    const env = { DATABASE_URL: database.url, REDIS_URL: redisUrl!, PVP_TURN_SECONDS: String(TURN_SECONDS) };
    [a, b] = await Promise.all([startServerProcess({ env }), startServerProcess({ env })]);
  }, 120_000);
  afterAll(async () => {
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

  it('players on different instances are matched and fight to the end, rewards written', async () => {
    const one = await fighter(a);
    const two = await fighter(b);
    const battleId = await matchAcross(one, two);
    for (let turn = 0; turn < 200; turn++) {
      const row = await battleRow(battleId);
      if (row.status !== 'active') break;
      const mover = row.currentTurn === one.user.id ? one : two;
      const from = mover.socket.received.length;
      mover.socket.send({ type: 'pvp_action', battleId, action: 'attack' });
      await mover.socket.next('battle_action', { from });
      await waitUntil(async () => {
        const now = await battleRow(battleId);
        return now.status !== 'active' || now.turnCount !== row.turnCount;
      });
    }
    const ended = await battleRow(battleId);
    expect(ended).toMatchObject({ status: 'completed', reason: 'knockout' });
    for (const f of [one, two]) {
      const end = await f.socket.next('battle_ended');
      expect(end.winner).toBe(ended.winner);
    }
    const rewards = await database.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, ended.winner!), eq(creditLedger.reference, `pvp_battle:${battleId}`)));
    expect(rewards).toHaveLength(1);
    expect(rewards[0]!.delta).toBe(120);
    for (const f of [one, two]) f.socket.close();
  }, 60_000);

  it('when an instance dies mid-battle, its player reconnects to the other and goes on; the timer still ends it', async () => {
    const one = await fighter(a);
    const two = await fighter(b);
    const battleId = await matchAcross(one, two);
    const before = await battleRow(battleId);

    await a.kill('SIGKILL');
    expect((await one.socket.closed).code).toBe(1006);

    // The player of the dead instance comes back through the other one and gets the state.
    const again = await TestSocket.open(b.url, one.p.cookie);
    const state = await again.ask({ type: 'pvp_state' }, 'battle_started');
    expect(state.battle).toMatchObject({ battleId, status: 'active', yourTurn: before.currentTurn === one.user.id });
    expect(state.battle.opponent?.username).toBe(two.user.username);

    // They play on: whoever has the turn attacks once, through instance B.
    const mover = before.currentTurn === one.user.id ? again : two.socket;
    const from = mover.received.length;
    mover.send({ type: 'pvp_action', battleId, action: 'attack' });
    await mover.next('battle_action', { from });
    const moved = await battleRow(battleId);
    expect(moved.turnCount).toBe(before.turnCount + 1);

    // Then nobody moves: instance B's sweeper ends the battle at the deadline; the idle player loses.
    const idle = moved.currentTurn!;
    const ended = await two.socket.next('battle_ended', { timeoutMs: (TURN_SECONDS + 10) * 1000 });
    expect(ended).toMatchObject({ battleId, reason: 'timeout' });
    expect(ended.winner).not.toBe(idle);
    expect(await battleRow(battleId)).toMatchObject({ status: 'completed', reason: 'timeout' });
    await again.next('battle_ended');
    again.close();
    two.socket.close();
  }, 60_000);

  it('a restarted instance picks up the battles it held: both players reconnect and finish', async () => {
    await a.restart();
    const one = await fighter(a);
    const two = await fighter(a);
    const battleId = await matchAcross(one, two);
    // A restart takes longer than the test's short turn: give this turn time, so the other
    // instance's sweeper does not end the battle while this one is down.
    await database.db.update(pvpBattles).set({ turnDeadline: new Date(Date.now() + 120_000) }).where(eq(pvpBattles.id, battleId));
    await a.kill('SIGKILL');
    await a.restart();
    const sockets = new Map([
      [one.user.id, await TestSocket.open(a.url, one.p.cookie)],
      [two.user.id, await TestSocket.open(a.url, two.p.cookie)],
    ]);
    for (const [, socket] of sockets) expect((await socket.ask({ type: 'pvp_state' }, 'battle_started')).battle.battleId).toBe(battleId);
    const row = await battleRow(battleId);
    const mover = sockets.get(row.currentTurn!)!;
    mover.send({ type: 'pvp_action', battleId, action: 'forfeit' });
    for (const [, socket] of sockets) expect(await socket.next('battle_ended')).toMatchObject({ battleId, reason: 'forfeit' });
    expect(await battleRow(battleId)).toMatchObject({ status: 'completed' });
    for (const [, socket] of sockets) socket.close();
  }, 90_000);
});
