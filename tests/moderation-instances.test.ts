import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/server/db/schema';
import { Player } from './helpers/player';
import type { TestApp } from './helpers/test-app';
import { startTwoInstances, type TwoInstances } from './helpers/two-instances';
import { TestSocket } from './helpers/test-socket';

/**
 * Moderation across two instances on one PostgreSQL and Redis (docs/decisions.md 'Moderation'):
 * a deleted chat line leaves every open chat, a mute holds on both, a suspension closes the
 * account's sockets wherever they are.
 */

const pgUrl = process.env.TEST_DATABASE_URL?.startsWith('postgres') ? process.env.TEST_DATABASE_URL : undefined;
const redisUrl = process.env.REDIS_URL;
const skip = !pgUrl ? 'the database is not PostgreSQL' : !redisUrl ? 'REDIS_URL is not set' : undefined;
if (skip) console.warn(`moderation-instances.test: skipped: ${skip}.`);

describe.skipIf(Boolean(skip))('moderation on two instances', () => {
  let pair: TwoInstances;
  let a: TestApp;
  let b: TwoInstances['b'];

  beforeAll(async () => {
    pair = await startTwoInstances(redisUrl!);
    ({ a, b } = pair);
  });
  afterAll(async () => {
    await pair?.close();
  });

  async function player(role: 'player' | 'moderator' = 'player') {
    const p = new Player(a.base);
    const { user, username, password } = await p.register();
    if (role !== 'player') await a.database.db.update(users).set({ role }).where(eq(users.id, user.id));
    return { p, user, username, password, cookie: p.cookie! };
  }
  const reason = { reason: 'house rules' };

  it('a message deleted on instance A leaves the open chats of both instances', async () => {
    const mod = await player('moderator');
    const author = await player();
    const onA = await TestSocket.open(a.base, (await player()).cookie);
    const onB = await TestSocket.open(b.base, (await player()).cookie);
    const line = await author.p.post('/api/chat/messages', { message: 'delete me' });
    await onA.next('chat_message', (m) => m.message.id === line.body.id);
    await onB.next('chat_message', (m) => m.message.id === line.body.id);
    expect((await mod.p.post(`/api/mod/chat/${line.body.id}/delete`, reason)).status).toBe(200);
    expect((await onA.next('chat_deleted', (m) => m.id === line.body.id)).id).toBe(line.body.id);
    expect((await onB.next('chat_deleted', (m) => m.id === line.body.id)).id).toBe(line.body.id);
    const viaB = new Player(b.base);
    viaB.cookie = author.cookie;
    expect(((await viaB.get('/api/chat/messages')).body as { id: number }[]).map((m) => m.id)).not.toContain(line.body.id);
    onA.close();
    onB.close();
  });

  it('a mute set on instance A holds on instance B, over HTTP and the socket', async () => {
    const mod = await player('moderator');
    const target = await player();
    const socketOnB = await TestSocket.open(b.base, target.cookie);
    expect((await mod.p.post(`/api/mod/users/${target.user.id}/mute`, { minutes: 10, ...reason })).status).toBe(200);
    socketOnB.send({ type: 'chat_message', text: 'from B', clientId: 'b1' });
    expect((await socketOnB.next('error', (m) => m.clientId === 'b1')).message).toMatch(/^You are muted until /);
    const viaB = new Player(b.base);
    viaB.cookie = target.cookie;
    expect((await viaB.post('/api/chat/messages', { message: 'from B too' })).status).toBe(403);
    socketOnB.close();
  });

  it("a suspension closes the account's open sockets on both instances and its session on both", async () => {
    const mod = await player('moderator');
    const target = await player();
    const onA = await TestSocket.open(a.base, target.cookie);
    const onB = await TestSocket.open(b.base, target.cookie);
    const viaB = new Player(b.base);
    viaB.cookie = target.cookie;
    // Instance B knows the session (it is in its cache) before the suspension.
    expect((await viaB.get('/api/user')).status).toBe(200);
    expect((await mod.p.post(`/api/mod/users/${target.user.id}/suspend`, { days: 1, ...reason })).status).toBe(200);
    await Promise.all([onA.closed, onB.closed]);
    expect((await target.p.get('/api/user')).status).toBe(401);
    expect((await viaB.get('/api/user')).status).toBe(401);
    expect(await TestSocket.refusal(b.base, target.cookie)).toMatchObject({ status: 401 });
  });
});
