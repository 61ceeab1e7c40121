import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import type { FriendsView } from '../src/common/friends';
import type { CharacterView } from '../src/common/game-api';
import { Player } from './helpers/player';
import { startServerProcess, type ServerProcess } from './helpers/server-process';
import { openTestDatabase, type TestDatabase } from './helpers/test-db';
import { TestSocket } from './helpers/test-socket';

/**
 * Friends, challenges and notifications across two server processes on one PostgreSQL and one
 * Redis (issue 25): presence, a challenge and a notification each made on one instance reach a
 * player whose socket is on the other.
 */

const pgUrl = process.env.TEST_DATABASE_URL?.startsWith('postgres') ? process.env.TEST_DATABASE_URL : undefined;
const redisUrl = process.env.REDIS_URL;
const skip = !pgUrl ? 'the database is not PostgreSQL' : !redisUrl ? 'REDIS_URL is not set' : undefined;
if (skip) console.warn(`people-instances.test: skipped: ${skip} (CI runs it with DATABASE_URL and REDIS_URL).`);

describe.skipIf(Boolean(skip))('people across two server processes', () => {
  let database: TestDatabase;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    database = await openTestDatabase();
    const env = { DATABASE_URL: database.url, REDIS_URL: redisUrl!, PVP_TURN_SECONDS: '12' };
    [a, b] = await Promise.all([startServerProcess({ env }), startServerProcess({ env })]);
  }, 120_000);
  beforeEach(() => {
    onTestFailed(() => {
      for (const [name, server] of [['A', a], ['B', b]] as const) console.warn(`instance ${name}:\n${server?.output().slice(-4000) ?? ''}`);
    });
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.close();
  });

  /** A player who calls `on` and holds a socket on `socketOn`, with a fighter. */
  async function person(on: ServerProcess, socketOn?: ServerProcess) {
    const p = new Player(on.url);
    const { user } = await p.register();
    const character = (await p.post('/api/characters', { name: 'Far Friend', class: 'warrior', characterAvatar: 'warrior1' })).body as CharacterView;
    const socket = socketOn ? await TestSocket.open(socketOn.url, p.cookie) : null;
    return { p, id: user.id as number, username: user.username as string, character, socket };
  }
  type Person = Awaited<ReturnType<typeof person>>;

  async function befriend(x: Person, y: Person) {
    const sent = await x.p.post('/api/friends/requests', { username: y.username });
    expect(sent.status).toBe(201);
    expect((await new Player(b.url).request('POST', `/api/friends/requests/${sent.body.id}/accept`, undefined, { cookie: y.p.cookie! })).status).toBe(200);
  }

  it('shows a friend online while their socket is open on the other instance', async () => {
    const x = await person(a);
    const y = await person(a, b);
    await befriend(x, y);
    await expect.poll(async () => ((await x.p.get('/api/friends')).body as FriendsView).friends[0]!.online).toBe(true);
    y.socket!.close();
    await y.socket!.closed;
    await expect.poll(async () => ((await x.p.get('/api/friends')).body as FriendsView).friends[0]!.online).toBe(false);
  });

  it('pushes a notification from an event committed on one instance to a socket on the other', async () => {
    const seller = await person(a, b);
    const buyer = await person(a);
    const listing = (await seller.p.post('/api/marketplace/sell', { characterId: seller.character.id, price: 500 })).body as { id: number };
    expect((await buyer.p.post('/api/marketplace/buy', { listingId: listing.id })).status).toBe(200);
    const live = await seller.socket!.next('notification', (m) => m.notification.kind === 'listing_sold');
    expect(live.notification.text).toContain('sold for 500 credits');
  });

  it('carries a challenge made on one instance to the other, and the accepted duel to both', async () => {
    const x = await person(a, a);
    const y = await person(a, b);
    await befriend(x, y);
    const made = await x.p.post('/api/challenges', { username: y.username, characterId: x.character.id });
    expect(made.status).toBe(201);
    const received = await y.socket!.next('challenge_received');
    expect(received.challengeId).toBe(made.body.id);
    const notification = await y.socket!.next('notification', (m) => m.notification.kind === 'challenge');
    expect(notification.notification.text).toBe(`${x.username} challenged you to a duel.`);
    // Accepted through the other instance: it runs the duel, and both players hear of it.
    const onB = new Player(b.url);
    onB.cookie = y.p.cookie;
    const accepted = await onB.post(`/api/challenges/${made.body.id}/accept`, { characterId: y.character.id });
    expect(accepted.status).toBe(200);
    const [startedX, startedY] = await Promise.all([x.socket!.next('battle_started'), y.socket!.next('battle_started')]);
    expect(startedX.battle.battleId).toBe(accepted.body.battleId);
    expect(startedY.battle.battleId).toBe(accepted.body.battleId);
    // A move from the instance that does not run it is forwarded to the one that does.
    const mover = startedX.battle.yourTurn ? x : y;
    mover.socket!.send({ type: 'pvp_action', battleId: accepted.body.battleId, action: 'attack' });
    await x.socket!.next('battle_action');
    await y.socket!.next('battle_action');
  });

  it('tells the challenger on one instance that the challenge was declined on the other', async () => {
    const x = await person(a, a);
    const y = await person(a, b);
    await befriend(x, y);
    const made = (await x.p.post('/api/challenges', { username: y.username, characterId: x.character.id })).body as { id: number };
    const onB = new Player(b.url);
    onB.cookie = y.p.cookie;
    expect((await onB.post(`/api/challenges/${made.id}/decline`)).status).toBe(200);
    expect(await x.socket!.next('challenge_declined')).toEqual({ type: 'challenge_declined', challengeId: made.id, by: y.username });
  });
});
