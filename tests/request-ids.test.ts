import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryBus } from '../src/server/bus/bus';
import { SESSIONS_CHANNEL } from '../src/server/services/session-cache';
import { API_CEILING_MESSAGE } from '../src/server/http/api-ceiling';
import { Player } from './helpers/player';
import { startTestApp, type TestApp } from './helpers/test-app';

/** Request ids (docs/decisions.md 'Request ids') and the per-address /api ceiling. */

let current: TestApp | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** An app whose log lines (parsed) land in `lines`, with a route that logs through the request's services' context, as services do. */
async function appWithLogs(env: Record<string, string>) {
  const lines: Record<string, unknown>[] = [];
  const probe = (app: FastifyInstance) =>
    app.get('/probe', async (request) => {
      request.ctx.log.info('probe: a service line');
      return { ok: true };
    });
  current = await startTestApp({ env: { LOG_LEVEL: 'debug', ...env }, beforeListen: probe, logStream: { write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) } });
  return { base: current.base, lines };
}

describe('request ids', () => {
  it("behind a trusted proxy, the proxy's X-Request-Id is on every line of the request and on the answer", async () => {
    const { base, lines } = await appWithLogs({ TRUST_PROXY: '1' });
    const id = '4f1c2a9b8e7d6c5b4a3f2e1d0c9b8a7f';
    const res = await fetch(`${base}/probe`, { headers: { 'x-request-id': id } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe(id);
    const mine = lines.filter((l) => l.reqId === id);
    // Fastify's own lines (incoming, completed) and the line written through the app's logger.
    expect(mine.map((l) => l.msg)).toEqual(expect.arrayContaining(['incoming request', 'probe: a service line', 'request completed']));
    expect(lines.filter((l) => l.msg === 'probe: a service line')).toHaveLength(1);
    // An error answer carries it too.
    const missing = await fetch(`${base}/api/no-such-route`, { headers: { 'x-request-id': 'req-0002-abcdef' } });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-request-id')).toBe('req-0002-abcdef');
  });

  it('a forwarded id that does not look like one is replaced by a new id', async () => {
    const { base } = await appWithLogs({ TRUST_PROXY: '1' });
    const res = await fetch(`${base}/probe`, { headers: { 'x-request-id': 'a b' } });
    expect(res.headers.get('x-request-id')).toMatch(UUID);
  });

  it("without TRUST_PROXY a client's X-Request-Id is ignored: every request gets an id of its own", async () => {
    const { base, lines } = await appWithLogs({});
    const first = await fetch(`${base}/probe`, { headers: { 'x-request-id': 'chosen-by-client-1' } });
    const second = await fetch(`${base}/api/user`);
    const ids = [first.headers.get('x-request-id'), second.headers.get('x-request-id')];
    for (const id of ids) expect(id).toMatch(UUID);
    expect(ids[0]).not.toBe(ids[1]);
    expect(lines.find((l) => l.msg === 'probe: a service line')?.reqId).toBe(ids[0]);
    expect(lines.some((l) => l.reqId === 'chosen-by-client-1')).toBe(false);
  });
  it("a line a service writes while it serves a player's request carries that request's id", async () => {
    // A bus that cannot announce ended sessions: logging out writes the service's warning.
    const bus = createMemoryBus();
    const lines: Record<string, unknown>[] = [];
    current = await startTestApp({
      env: { LOG_LEVEL: 'warn' },
      realtime: { bus: { ...bus, publish: (channel, event, options) => (channel === SESSIONS_CHANNEL ? Promise.reject(new Error('bus away')) : bus.publish(channel, event, options)) } },
      logStream: { write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) },
    });
    const player = new Player(current.base);
    expect((await player.post('/api/register', { username: 'ids_logout', password: 'glitch-pass' })).status).toBe(201);
    const out = await player.post('/api/logout');
    expect(out.status).toBe(200);
    const warning = lines.find((l) => l.msg === 'could not announce ended sessions yet');
    expect(warning, JSON.stringify(lines)).toBeDefined();
    expect(warning?.reqId).toBe(out.headers.get('x-request-id'));
  });
});

describe('the per-address /api ceiling (API_RATE_LIMIT)', () => {
  it('answers 429 with a message past the ceiling, on /api only, per address', async () => {
    current = await startTestApp({ env: { API_RATE_LIMIT: '3', TRUST_PROXY: '1' } });
    const from = (address: string) => ({ headers: { 'x-forwarded-for': address } });
    for (let i = 0; i < 3; i++) expect((await fetch(`${current.base}/api/user`, from('198.51.100.7'))).status).toBe(401);
    const refused = await fetch(`${current.base}/api/user`, from('198.51.100.7'));
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ message: API_CEILING_MESSAGE });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('x-request-id')).toBeTruthy();
    // Another address is not held back, nor are the operator's endpoints, the images and the pages.
    expect((await fetch(`${current.base}/api/user`, from('198.51.100.8'))).status).toBe(401);
    expect((await fetch(`${current.base}/healthz`, from('198.51.100.7'))).status).toBe(200);
    expect((await fetch(`${current.base}/api/assets/warrior1.svg`, from('198.51.100.7'))).status).toBe(200);
    expect((await fetch(`${current.base}/`, from('198.51.100.7'))).status).toBe(200);
  });

  it('is off when API_RATE_LIMIT is 0', async () => {
    current = await startTestApp({ env: { API_RATE_LIMIT: '0' } });
    for (let i = 0; i < 20; i++) expect((await fetch(`${current.base}/api/user`)).status).toBe(401);
  });
});
