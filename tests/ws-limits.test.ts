import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../src/common/auth';
import type { CharacterView } from '../src/common/game-api';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { silentLog } from '../src/server/context';
import { characters, sessions } from '../src/server/db/schema';
import { pvpQueue } from '../src/server/db/schema-pvp';
import { createMemoryBus, type Bus } from '../src/server/bus/bus';
import { RATE_LIMIT_TEXT, type GatewayTuning } from '../src/server/realtime/connection';
import { Player } from './helpers/player';
import { UNLIMITED_ADDRESS } from './helpers/server-process';
import { startTestApp, type TestApp } from './helpers/test-app';
import { TestSocket, waitUntil } from './helpers/test-socket';

/**
 * The socket rules of the hardening issue: at most 8 sockets per player across instances (the
 * ninth closes the oldest, 'Opened in another tab'), one message budget per player, sessions
 * checked again while sockets stay open, and a real-time player whose last socket closes leaves
 * the queue after a grace period.
 */

const tuning: Partial<GatewayTuning> = {
  rateLimit: { messages: 6, windowMs: 60_000 },
  sessionCheckMs: 200,
  // Long enough for a reconnect on a busy machine to come back within it.
  offlineGraceMs: 1500,
};

let bus: Bus;
let a: TestApp;
let b: { app: FastifyInstance; base: string };
beforeAll(async () => {
  // Two instances of one deployment: one database, one bus (in process).
  bus = createMemoryBus({ log: silentLog });
  a = await startTestApp({ realtime: { bus, tuning } });
  const config = loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: a.database.url, ...UNLIMITED_ADDRESS });
  // B never sweeps its sockets' sessions on its own: a socket there closes only through the bus,
  // so a test can tell which of the two paths closed it (A sweeps every 200 ms).
  const app = await buildApp({
    config,
    db: a.database.db,
    clientDir: '/nonexistent',
    realtime: { bus, tuning: { ...tuning, sessionCheckMs: 600_000 } },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  b = { app, base: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
});
afterAll(async () => {
  await b?.app.close();
  await a?.close();
  await bus?.close();
});

async function signedIn() {
  const p = new Player(a.base);
  const { user, username, password } = await p.register();
  return { p, user, username, password, cookie: p.cookie! };
}

describe('sockets per player', () => {
  it('a ninth socket closes the oldest with "Opened in another tab", also across instances', async () => {
    const { user, cookie } = await signedIn();
    const opened: TestSocket[] = [];
    for (let i = 0; i < 8; i++) opened.push(await TestSocket.open(i % 2 ? b.base : a.base, cookie));
    await waitUntil(() => a.app.gateway.localConnections(user.id) + b.app.gateway.localConnections(user.id) === 8);
    // The ninth, on the other instance than the oldest.
    const ninth = await TestSocket.open(b.base, cookie);
    expect(await opened[0]!.closed).toEqual({ code: 4002, reason: 'Opened in another tab' });
    // A tenth closes the next oldest, which lives on instance B.
    const tenth = await TestSocket.open(a.base, cookie);
    expect(await opened[1]!.closed).toEqual({ code: 4002, reason: 'Opened in another tab' });
    for (const s of [...opened.slice(2), ninth, tenth]) expect((await s.ask({ type: 'ping' }, 'pong')).type).toBe('pong');
    await waitUntil(() => a.app.gateway.localConnections(user.id) + b.app.gateway.localConnections(user.id) === 8);
    for (const s of [...opened, ninth, tenth]) s.close();
  });

  it('counts the message budget per player across their sockets', async () => {
    const { cookie } = await signedIn();
    const one = await TestSocket.open(a.base, cookie);
    const two = await TestSocket.open(a.base, cookie);
    for (let i = 0; i < 3; i++) await one.ask({ type: 'ping' }, 'pong');
    for (let i = 0; i < 3; i++) await two.ask({ type: 'ping' }, 'pong');
    // Six used over two sockets: the seventh, on either, is refused.
    expect((await one.ask({ type: 'ping' }, 'error')).message).toBe(RATE_LIMIT_TEXT);
    expect((await two.ask({ type: 'ping' }, 'error')).message).toBe(RATE_LIMIT_TEXT);
    // Another player is not affected.
    const other = await TestSocket.open(a.base, (await signedIn()).cookie);
    expect((await other.ask({ type: 'ping' }, 'pong')).type).toBe('pong');
    for (const s of [one, two, other]) s.close();
  });
});

describe('sessions behind open sockets', () => {
  it('closes a socket once its session is gone, checked again while it stays open', async () => {
    const { user, cookie } = await signedIn();
    const socket = await TestSocket.open(a.base, cookie);
    await a.database.db.delete(sessions).where(eq(sessions.userId, user.id));
    expect(await socket.closed).toEqual({ code: 4003, reason: 'Session ended' });
  });

  it('a password change ends every other session and its sockets; this one stays', async () => {
    const { p, username, password, cookie } = await signedIn();
    const elsewhere = new Player(a.base);
    expect((await elsewhere.post('/api/login', { username, password })).status).toBe(200);
    const here = await TestSocket.open(a.base, cookie);
    // On B, which does not sweep: closed by the password change's own disconnect, not by a sweep
    // that happened to read the sessions between their deletion and that disconnect.
    const there = await TestSocket.open(b.base, elsewhere.cookie);

    const wrong = await p.post('/api/account/password', { currentPassword: 'not-it', newPassword: 'brand-new-pass' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(AUTH_MESSAGES.wrongCurrentPassword);
    expect((await elsewhere.get('/api/user')).status).toBe(200);

    const changed = await p.post('/api/account/password', { currentPassword: password, newPassword: 'brand-new-pass' });
    expect(changed.status).toBe(200);
    expect(changed.body.message).toBe(AUTH_MESSAGES.passwordChanged);
    expect(await there.closed).toEqual({ code: 4001, reason: 'Logged out' });
    expect((await elsewhere.get('/api/user')).status).toBe(401);
    expect((await p.get('/api/user')).status).toBe(200);
    expect((await here.ask({ type: 'ping' }, 'pong')).type).toBe('pong');
    expect((await new Player(a.base).post('/api/login', { username, password })).status).toBe(401);
    expect((await new Player(a.base).post('/api/login', { username, password: 'brand-new-pass' })).status).toBe(200);
    here.close();
  });

  it('refuses a new password that breaks the rules or repeats the current one', async () => {
    const { p, password } = await signedIn();
    expect((await p.post('/api/account/password', { currentPassword: password, newPassword: 'ab' })).body.message).toBe(
      AUTH_MESSAGES.passwordShort,
    );
    expect((await p.post('/api/account/password', { currentPassword: password, newPassword: password })).body.message).toBe(
      AUTH_MESSAGES.samePassword,
    );
    expect((await new Player(a.base).post('/api/account/password', { currentPassword: 'x', newPassword: 'yyyy' })).status).toBe(401);
  });

  it('"Sign out everywhere" ends every session of the account, this one too, and closes every socket', async () => {
    const { p, username, password, cookie } = await signedIn();
    const elsewhere = new Player(a.base);
    await elsewhere.post('/api/login', { username, password });
    // Both on B, which does not sweep: closed by the sign-out's own disconnect.
    const here = await TestSocket.open(b.base, cookie);
    const there = await TestSocket.open(b.base, elsewhere.cookie);
    const res = await p.post('/api/account/sign-out-everywhere');
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(AUTH_MESSAGES.signedOutEverywhere);
    expect((await here.closed).code).toBe(4001);
    expect((await there.closed).code).toBe(4001);
    expect((await p.get('/api/user')).status).toBe(401);
    expect((await elsewhere.get('/api/user')).status).toBe(401);
  });
});

describe('a real-time player who goes away', () => {
  async function queued(rating = 1500) {
    const player = await signedIn();
    const character = (await player.p.post('/api/characters', { name: 'Chair', class: 'tank' })).body as CharacterView;
    // Far apart in rating, so players of one test are never matched with each other.
    await a.database.db.update(characters).set({ rating }).where(eq(characters.id, character.id));
    const socket = await TestSocket.open(a.base, player.cookie);
    await socket.ask({ type: 'pvp_join_queue', characterId: character.id }, 'queue_joined');
    const inQueue = async () => (await a.database.db.select().from(pvpQueue).where(eq(pvpQueue.userId, player.user.id))).length === 1;
    return { ...player, socket, inQueue };
  }

  it('leaves the queue once their last socket has been closed for the grace period', async () => {
    const { socket, inQueue } = await queued();
    expect(await inQueue()).toBe(true);
    socket.close();
    await waitUntil(async () => !(await inQueue()));
  });

  it('leaves the queue page\'s queue too once their last socket has been closed for the grace period', async () => {
    const player = await signedIn();
    const character = (await player.p.post('/api/characters', { name: 'Tab Gone', class: 'tank' })).body as CharacterView;
    await a.database.db.update(characters).set({ rating: 6000 }).where(eq(characters.id, character.id));
    const socket = await TestSocket.open(a.base, player.cookie);
    expect((await player.p.post('/api/pvp/join-queue', { characterId: character.id })).status).toBe(200);
    const seat = async () => (await a.database.db.select().from(pvpQueue).where(eq(pvpQueue.userId, player.user.id)))[0];
    expect((await seat())?.variant).toBe('queue');
    socket.close();
    await waitUntil(async () => (await seat()) === undefined);
  });

  it('stays queued while a socket is open on another instance, or reconnects within the grace', async () => {
    const kept = await queued(1500);
    const onB = await TestSocket.open(b.base, kept.cookie);
    // A second player leaves at the same moment: their leaving shows the grace has run out.
    const signal = await queued(3000);
    kept.socket.close();
    signal.socket.close();
    await waitUntil(async () => !(await signal.inQueue()));
    expect(await kept.inQueue()).toBe(true);

    // Gone from B too, but back on A within the grace.
    const signal2 = await queued(4500);
    onB.close();
    const back = await TestSocket.open(a.base, kept.cookie);
    signal2.socket.close();
    await waitUntil(async () => !(await signal2.inQueue()));
    expect(await kept.inQueue()).toBe(true);
    back.send({ type: 'pvp_leave_queue' });
    await back.next('queue_left');
    back.close();
  });
});
