import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { silentLog } from '../src/server/context';
import type { Bus } from '../src/server/bus/bus';
import { createRedisBus } from '../src/server/bus/redis-bus';
import { Player } from './helpers/player';
import { UNLIMITED_ADDRESS, freePort } from './helpers/server-process';
import { startTestApp, type TestApp } from './helpers/test-app';
import { TestSocket, waitUntil } from './helpers/test-socket';

/**
 * Two instances on a Redis server of the test's own, which is killed and started again: the
 * game keeps answering during the outage and heals after it.
 */

const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;
const skipReason = hasRedisServer ? null : 'redis-server is not installed (apt-get install redis-server)';
if (skipReason) console.warn(`redis-outage.test: skipped: ${skipReason}.`);

/** How long Redis stays down: a plain ioredis client gives up a queued command after ~0.3 s. */
const OUTAGE_MS = 2000;

class OwnRedis {
  private child: ChildProcess | null = null;
  constructor(readonly port: number) {}
  get url() {
    return `redis://127.0.0.1:${this.port}`;
  }
  async start(): Promise<void> {
    this.child = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    await waitUntil(() => spawnSync('redis-cli', ['-p', String(this.port), 'ping']).stdout?.toString().trim() === 'PONG');
  }
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }
}

describe.skipIf(skipReason !== null)(`a Redis outage${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let redis: OwnRedis;
  let busA: Bus;
  let busB: Bus;
  let a: TestApp;
  let b: { app: FastifyInstance; base: string };

  beforeAll(async () => {
    redis = new OwnRedis(await freePort());
    await redis.start();
    const prefix = `outage-${randomBytes(3).toString('hex')}:`;
    busA = createRedisBus(redis.url, { prefix, log: silentLog });
    busB = createRedisBus(redis.url, { prefix, log: silentLog });
    // The regular session check is far away: only the outage handling can close sockets here.
    const tuning = { sessionCheckMs: 600_000 };
    a = await startTestApp({ realtime: { bus: busA, tuning } });
    const config = loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: a.database.url, ...UNLIMITED_ADDRESS });
    const app = await buildApp({ config, db: a.database.db, clientDir: '/nonexistent', realtime: { bus: busB, tuning } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    b = { app, base: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
  });
  afterAll(async () => {
    await b?.app.close();
    await a?.close();
    await busA?.close();
    await busB?.close();
    await redis?.kill();
  });

  async function signedIn(base: string) {
    const p = new Player(base);
    const { user } = await p.register();
    return { p, user, cookie: p.cookie! };
  }

  it('answers chat during the outage, and afterwards delivers to sockets opened during it and closes sockets of logouts made during it', async () => {
    const x = await signedIn(a.base);
    const y = await signedIn(a.base);
    const z = await signedIn(a.base);
    const xOnA = await TestSocket.open(a.base, x.cookie);
    const zOnB = await TestSocket.open(b.base, z.cookie);
    // Both instances relay through Redis before the outage.
    const before = await x.p.post('/api/chat/messages', { message: 'before the outage' });
    await waitUntil(() => zOnB.received.some((m) => m.type === 'chat_message' && m.message.id === before.body.id));

    await redis.kill();

    // A chat message over the socket is acknowledged although Redis is gone (it is started again
    // only after this answer, so the answer did not wait for it).
    xOnA.send({ type: 'chat_message', text: 'during the outage', clientId: 'during-1' });
    const ack = await xOnA.next('chat_message', { match: (m) => m.clientId === 'during-1' });
    expect(ack.message.text).toBe('during the outage');
    // A socket opened during the outage, and a logout made during it.
    const yOnB = await TestSocket.open(b.base, y.cookie);
    // Chat stored on each instance during the outage, which cannot cross it now.
    const keptOnA = await x.p.post('/api/chat/messages', { message: 'posted on A during the outage' });
    const onB = new Player(b.base);
    onB.cookie = y.cookie;
    const keptOnB = await onB.post('/api/chat/messages', { message: 'posted on B during the outage' });
    expect([keptOnA.status, keptOnB.status]).toEqual([201, 201]);
    expect((await z.p.post('/api/logout')).status).toBe(200);
    expect((await y.p.get('/api/user')).status).toBe(200);
    // The outage lasts long enough for every reconnection attempt of a plain client to give up
    // on the commands it queued.
    await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));

    await redis.start();

    // The logout reaches the other instance once Redis is back: the kept event, or the session
    // check each instance runs when its bus reconnects, whichever comes first.
    expect([4001, 4003]).toContain((await zOnB.closed).code);
    // Subscriptions are in place again on both instances, including the one made during the outage.
    // Each bus reconnects on its own backoff: a publish of A's made before A's bus is back fails
    // (after its 2 s limit), which is the outage behaviour asserted above, so it counts as not yet.
    await waitUntil(async () => {
      const sent = await a.app.gateway.sendToUser(y.user.id, { type: 'error', message: 'for y' }).then(
        () => true,
        () => false,
      );
      if (!sent) return false;
      await new Promise((resolve) => setTimeout(resolve, 100));
      return yOnB.received.some((m) => m.type === 'error' && m.message === 'for y');
    });
    // The chat of the outage reaches the other instance's sockets once the bus is back, once each.
    await yOnB.next('chat_message', { match: (m) => m.message.id === keptOnA.body.id });
    await xOnA.next('chat_message', { match: (m) => m.message.id === keptOnB.body.id });
    const after = await y.p.post('/api/chat/messages', { message: 'after the outage' });
    await xOnA.next('chat_message', { match: (m) => m.message.id === after.body.id });
    for (const kept of [keptOnA, keptOnB]) {
      for (const socket of [xOnA, yOnB]) expect(socket.received.filter((m) => m.type === 'chat_message' && m.message.id === kept.body.id)).toHaveLength(1);
    }
    for (const s of [xOnA, yOnB]) s.close();
  });
});

describe.skipIf(skipReason !== null)(`REDIS_PREFIX${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let redis: OwnRedis;
  beforeAll(async () => {
    redis = new OwnRedis(await freePort());
    await redis.start();
  });
  afterAll(async () => {
    await redis?.kill();
  });

  it('keeps two deployments on one Redis apart: chat, logouts and player events', async () => {
    const blue = createRedisBus(redis.url, { prefix: 'blue:', log: silentLog });
    const green = createRedisBus(redis.url, { prefix: 'green:', log: silentLog });
    const blueToo = createRedisBus(redis.url, { prefix: 'blue:', log: silentLog });
    const greenToo = createRedisBus(redis.url, { prefix: 'green:', log: silentLog });
    const seen: Record<string, unknown[]> = { green: [], blueToo: [] };
    try {
      for (const channel of ['chat', 'user:1']) {
        await green.subscribe(channel, (e) => void seen.green!.push(e));
        await blueToo.subscribe(channel, (e) => void seen.blueToo!.push(e));
      }
      await blue.publish('chat', { n: 1 });
      await blue.publish('user:1', { kind: 'disconnect', code: 4001, reason: 'Logged out' });
      // The same deployment hears both; the other deployment, sharing the Redis, neither.
      await waitUntil(() => seen.blueToo!.length === 2);
      // Published after blue's through the same Redis: had blue's leaked, they would be here first.
      await greenToo.publish('chat', { n: 2 });
      await waitUntil(() => seen.green!.length >= 1);
      expect(seen.green).toEqual([{ n: 2 }]);
      expect(seen.blueToo).toEqual([{ n: 1 }, { kind: 'disconnect', code: 4001, reason: 'Logged out' }]);
      // The socket register is per deployment too.
      await blue.trackSocket(1, { id: 's1', openedAt: 1 }, 8);
      expect(await blueToo.socketCount(1)).toBe(1);
      expect(await green.socketCount(1)).toBe(0);
    } finally {
      for (const bus of [blue, green, blueToo, greenToo]) await bus.close();
    }
  });
});
