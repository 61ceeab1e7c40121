import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { CHAT_MESSAGES } from '../src/common/chat';
import type { ServerMessage } from '../src/common/ws-messages';
import { chatMessages } from '../src/server/db/schema-chat';
import { RATE_LIMIT_TEXT } from '../src/server/realtime/connection';
import { Player } from './helpers/player';
import { startTestApp, type TestApp } from './helpers/test-app';
import { startTwoInstances, type TwoInstances } from './helpers/two-instances';
import { TestSocket, waitUntil } from './helpers/test-socket';


let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function signedIn(base = t.base) {
  const p = new Player(base);
  const { user } = await p.register();
  return { p, user, cookie: p.cookie! };
}

describe('the upgrade', () => {
  it('is refused with 401 without a session cookie, or with a dead one', async () => {
    expect((await TestSocket.refusal(t.base, undefined)).status).toBe(401);
    expect((await TestSocket.refusal(t.base, 'ga_session=not-a-live-token')).status).toBe(401);
    const { p, cookie } = await signedIn();
    await p.post('/api/logout');
    const refused = await TestSocket.refusal(t.base, cookie);
    expect(refused).toEqual({ status: 401, body: JSON.stringify({ message: 'Authentication required' }) });
  });

  it('is refused with 403 from a foreign Origin or without one, even with a live session', async () => {
    const { cookie } = await signedIn();
    expect((await TestSocket.refusal(t.base, cookie, { origin: 'https://evil.example' })).status).toBe(403);
    const noOrigin = new WebSocket(`${t.base.replace(/^http/, 'ws')}/ws`, { headers: { cookie } });
    const status = await new Promise<number>((resolve) => {
      noOrigin.once('error', () => undefined);
      noOrigin.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    });
    expect(status).toBe(403);
  });

  it('accepts an Origin listed in ALLOWED_ORIGINS', async () => {
    const other = await startTestApp({ env: { ALLOWED_ORIGINS: 'https://play.example' } });
    try {
      const { cookie } = await signedIn(other.base);
      const socket = await TestSocket.open(other.base, cookie, { origin: 'https://play.example' });
      expect((await socket.ask({ type: 'ping' }, 'pong')).type).toBe('pong');
      socket.close();
    } finally {
      await other.close();
    }
  });

  it('answers 404 on another path', async () => {
    const { cookie } = await signedIn();
    const ws = new WebSocket(`${t.base.replace(/^http/, 'ws')}/elsewhere`, { origin: t.base, headers: { cookie } });
    const status = await new Promise<number>((resolve) => {
      ws.once('error', () => undefined);
      ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    });
    expect(status).toBe(404);
  });
});

describe('messages', () => {
  it('answers auth with the session user, whatever ids it claims', async () => {
    const { user, cookie } = await signedIn();
    const { user: victim } = await signedIn();
    const socket = await TestSocket.open(t.base, cookie);
    const answer = await socket.ask({ type: 'auth', userId: victim.id, username: victim.username }, 'auth_success');
    expect(answer).toEqual({ type: 'auth_success', userId: user.id, username: user.username });
    socket.close();
  });

  it('answers invalid JSON, unknown types and invalid payloads with error, and stays open', async () => {
    const { cookie } = await signedIn();
    const socket = await TestSocket.open(t.base, cookie);
    expect((await socket.ask('{not json', 'error')).message).toBe('Invalid message: not JSON');
    expect((await socket.ask({ type: 'launch_missiles' }, 'error')).message).toBe('Unknown message type: launch_missiles');
    expect((await socket.ask([1, 2], 'error')).message).toMatch(/type is expected/);
    expect((await socket.ask({ type: 'chat_message', text: 'x'.repeat(501) }, 'error')).message).toBe(CHAT_MESSAGES.tooLong);
    expect((await socket.ask({ type: 'chat_message', text: '   ' }, 'error')).message).toBe(CHAT_MESSAGES.empty);
    const seen = new Set(socket.received);
    socket.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    expect((await socket.next('error', (m) => !seen.has(m))).message).toBe('Binary messages are not supported');
    expect((await socket.ask({ type: 'ping' }, 'pong')).type).toBe('pong');
    expect(socket.ws.readyState).toBe(WebSocket.OPEN);
    socket.close();
  });

  it('closes with 1009 on a message over 64 KiB', async () => {
    const { cookie } = await signedIn();
    const socket = await TestSocket.open(t.base, cookie);
    socket.send({ type: 'chat_message', text: 'x'.repeat(70 * 1024) });
    expect((await socket.closed).code).toBe(1009);
  });
});

describe('chat over the socket', () => {
  it('stores a chat_message under the session user and broadcasts it; only the sender gets its clientId', async () => {
    const { user, cookie } = await signedIn();
    const { user: other, cookie: otherCookie } = await signedIn();
    const sender = await TestSocket.open(t.base, cookie);
    const listener = await TestSocket.open(t.base, otherCookie);
    sender.send({ type: 'chat_message', text: '  gg wp  ', userId: other.id, username: other.username, clientId: 'c-1', timestamp: 1 });

    const echoed = await sender.next('chat_message', (m) => m.message.text === 'gg wp');
    expect(echoed.clientId).toBe('c-1');
    expect(echoed.message).toMatchObject({ userId: user.id, username: user.username, message: 'gg wp', type: 'player' });
    const heard = await listener.next('chat_message', (m) => m.message.text === 'gg wp');
    expect(heard.clientId).toBeUndefined();
    expect(heard.message).toEqual(echoed.message);

    const [row] = await t.database.db.select().from(chatMessages).where(eq(chatMessages.id, echoed.message.id));
    expect(row).toMatchObject({ userId: user.id, username: user.username, message: 'gg wp' });
    sender.close();
    listener.close();
  });

  it('pushes messages posted over HTTP to the sockets', async () => {
    const { p } = await signedIn();
    const { cookie } = await signedIn();
    const listener = await TestSocket.open(t.base, cookie);
    const posted = await p.post('/api/chat/messages', { message: 'from http' });
    expect(posted.status).toBe(201);
    expect((await listener.next('chat_message', (m) => m.message.id === posted.body.id)).message.text).toBe('from http');
    listener.close();
  });

  it('applies the 5 per 10 s limit across HTTP and the socket, naming the refused clientId', async () => {
    const { p, cookie } = await signedIn();
    for (let i = 0; i < 3; i++) expect((await p.post('/api/chat/messages', { message: `h${i}` })).status).toBe(201);
    const socket = await TestSocket.open(t.base, cookie);
    for (const id of ['a', 'b']) {
      socket.send({ type: 'chat_message', text: id, clientId: id });
      await socket.next('chat_message', (m) => m.clientId === id);
    }
    const refused = await socket.ask({ type: 'chat_message', text: 'c', clientId: 'c' }, 'error');
    expect(refused).toEqual({ type: 'error', message: CHAT_MESSAGES.rateLimited, clientId: 'c' });
    expect((await p.post('/api/chat/messages', { message: 'h9' })).status).toBe(429);
    socket.close();
  });
});

describe('delivery and logout', () => {
  it('sendToUser reaches every socket of that user and nobody else', async () => {
    const { user, cookie } = await signedIn();
    const { user: { id: strangerId }, cookie: otherCookie } = await signedIn();
    const tabs = [await TestSocket.open(t.base, cookie), await TestSocket.open(t.base, cookie)];
    const stranger = await TestSocket.open(t.base, otherCookie);
    expect(t.app.gateway.localConnections(user.id)).toBe(2);
    await t.app.gateway.sendToUser(user.id, { type: 'error', message: 'for you' });
    for (const tab of tabs) await tab.next('error', (m) => m.message === 'for you');
    // A message for the stranger sent afterwards arrives: the first one would have come before it.
    await t.app.gateway.sendToUser(strangerId, { type: 'error', message: 'for the stranger' });
    await stranger.next('error', (m) => m.message === 'for the stranger');
    expect(stranger.received.some((m) => m.type === 'error' && m.message === 'for you')).toBe(false);
    for (const s of [...tabs, stranger]) s.close();
  });

  it('answers a new socket even when what its opening sends never comes (a database that does not answer)', async () => {
    const { user, cookie } = await signedIn();
    const opened: number[] = [];
    // Hangs for this player only: the other tests' sockets are not held up.
    t.app.gateway.onConnected(async (conn) => {
      if (conn.user.id !== user.id) return;
      opened.push(conn.user.id);
      await new Promise(() => undefined);
    });
    const socket = await TestSocket.open(t.base, cookie);
    await socket.ask({ type: 'ping' }, 'pong');
    expect(opened).toEqual([user.id]);
    socket.close();
  });

  it("logout closes that session's sockets only: not another player's, nor the same player's other device", async () => {
    const { p, user, cookie } = await signedIn();
    const { cookie: otherCookie } = await signedIn();
    const elsewhere = new Player(t.base);
    expect((await elsewhere.post('/api/login', { username: user.username, password: 'secret-pass' })).status).toBe(200);
    const tabs = [await TestSocket.open(t.base, cookie), await TestSocket.open(t.base, cookie)];
    const other = await TestSocket.open(t.base, otherCookie);
    const otherDevice = await TestSocket.open(t.base, elsewhere.cookie);
    expect((await p.post('/api/logout')).status).toBe(200);
    for (const tab of tabs) expect(await tab.closed).toEqual({ code: 4001, reason: 'Logged out' });
    await waitUntil(() => t.app.gateway.localConnections(user.id) === 1);
    expect((await other.ask({ type: 'ping' }, 'pong')).type).toBe('pong');
    expect((await otherDevice.ask({ type: 'ping' }, 'pong')).type).toBe('pong');
    other.close();
    otherDevice.close();
  });
});

describe('connection limits', () => {
  let tight: TestApp;
  beforeAll(async () => {
    tight = await startTestApp({
      realtime: {
        tuning: { heartbeatMs: 150, rateLimit: { messages: 5, windowMs: 60_000 }, abuseStrikes: 3, maxBufferedBytes: 256 * 1024 },
      },
    });
  });
  afterAll(async () => {
    await tight?.close();
  });

  it('answers messages past the per-connection rate with error, then closes with 1008', async () => {
    const { cookie } = await signedIn(tight.base);
    const socket = await TestSocket.open(tight.base, cookie);
    for (let i = 0; i < 5; i++) socket.send({ type: 'ping' });
    await waitUntil(() => socket.received.filter((m) => m.type === 'pong').length === 5);
    expect((await socket.ask({ type: 'ping' }, 'error')).message).toBe(RATE_LIMIT_TEXT);
    for (let i = 0; i < 5; i++) socket.send({ type: 'ping' });
    expect((await socket.closed).code).toBe(1008);
  });

  it('pings and terminates a socket that stops answering, keeping a live one', async () => {
    const { user, cookie } = await signedIn(tight.base);
    const live = await TestSocket.open(tight.base, cookie);
    const dead = await TestSocket.open(tight.base, cookie, { autoPong: false });
    expect((await dead.closed).code).toBe(1006);
    // The live one answers three more heartbeats and stays.
    let pings = 0;
    live.ws.on('ping', () => (pings += 1));
    await waitUntil(() => pings >= 3);
    expect(live.ws.readyState).toBe(WebSocket.OPEN);
    expect(tight.app.gateway.localConnections(user.id)).toBe(1);
    live.close();
  });

  it('drops a reader whose send buffer passes the limit', async () => {
    const { user, cookie } = await signedIn(tight.base);
    const slow = await TestSocket.open(tight.base, cookie, { autoPong: true });
    const raw = (slow.ws as unknown as { _socket: { pause(): void; resume(): void } })._socket;
    raw.pause();
    const big: ServerMessage = { type: 'error', message: 'x'.repeat(60_000) };
    for (let i = 0; i < 400 && tight.app.gateway.localConnections(user.id) > 0; i++) {
      await tight.app.gateway.sendToUser(user.id, big);
      if (i % 20 === 19) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await waitUntil(() => tight.app.gateway.localConnections(user.id) === 0);
    raw.resume();
    expect((await slow.closed).code).toBe(1006);
  });
});

const pgUrl = process.env.TEST_DATABASE_URL?.startsWith('postgres') ? process.env.TEST_DATABASE_URL : undefined;
const redisUrl = process.env.REDIS_URL;
const twoInstanceSkip = !pgUrl ? 'the database is not PostgreSQL' : !redisUrl ? 'REDIS_URL is not set' : undefined;
if (twoInstanceSkip) console.warn(`ws-gateway.test: two-instance tests skipped: ${twoInstanceSkip}.`);

describe.skipIf(Boolean(twoInstanceSkip))('two instances on one PostgreSQL and Redis', () => {
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

  it('a message posted on instance A reaches a socket on instance B, and the reverse', async () => {
    const { p } = await signedIn(a.base);
    const { cookie } = await signedIn(a.base);
    const onB = await TestSocket.open(b.base, cookie);
    const posted = await p.post('/api/chat/messages', { message: 'across instances' });
    expect(posted.status).toBe(201);
    expect((await onB.next('chat_message', (m) => m.message.id === posted.body.id)).message.text).toBe('across instances');

    const { cookie: cookieA } = await signedIn(a.base);
    const onA = await TestSocket.open(a.base, cookieA);
    onB.send({ type: 'chat_message', text: 'and back', clientId: 'x' });
    const back = await onA.next('chat_message', (m) => m.message.text === 'and back');
    expect(back.clientId).toBeUndefined();
    expect((await onB.next('chat_message', (m) => m.message.text === 'and back')).clientId).toBe('x');
    onA.close();
    onB.close();
  });

  it('the rate limit holds across instances, and logout on A closes the sockets on B', async () => {
    const { p, user, cookie } = await signedIn(a.base);
    const onB = await TestSocket.open(b.base, cookie);
    const viaB = new Player(b.base);
    viaB.cookie = cookie;
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => (i % 2 ? p : viaB).post('/api/chat/messages', { message: `x${i}` })),
    );
    expect(answers.filter((r) => r.status === 201)).toHaveLength(5);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(3);

    await waitUntil(() => b.app.gateway.localConnections(user.id) === 1);
    await p.post('/api/logout');
    expect((await onB.closed).code).toBe(4001);
  });
});
