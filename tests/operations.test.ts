import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../src/server/db/client';
import { createMemoryBus } from '../src/server/bus/bus';
import { Player } from './helpers/player';
import { startTestApp, type TestApp } from './helpers/test-app';
import { TestSocket } from './helpers/test-socket';

/** The value of one Prometheus sample line (`name{labels} value`), or undefined. */
function sample(text: string, name: string, labels = ''): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(labels ? `${name}{${labels}}` : `${name} `));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('health, readiness and metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers /healthz and /readyz when the database is up and migrated', async () => {
    expect(await (await fetch(`${t.base}/healthz`)).json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${t.base}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', redis: 'ok' } });
  });

  it('is not ready while a migration is missing', async () => {
    const deleted = await t.database.db.execute(
      sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations) returning hash, created_at`,
    );
    const [removed] = rowsOf<{ hash: string; created_at: string }>(deleted);
    try {
      const res = await fetch(`${t.base}/readyz`);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ status: 'unavailable', checks: { database: 'ok', migrations: '1 not applied', redis: 'ok' } });
    } finally {
      await t.database.db.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${removed!.hash}, ${removed!.created_at})`);
    }
    expect((await fetch(`${t.base}/readyz`)).status).toBe(200);
  });

  it('scrapes request durations, sockets, battles, the queue, the bus, the pool and the event loop', async () => {
    const p = new Player(t.base);
    await p.register();
    const character = (await p.post('/api/characters', { name: 'Metered', class: 'warrior', characterAvatar: 'warrior1' })).body as { id: number };
    await p.post('/api/pvp/join-queue', { characterId: character.id });
    const socket = await TestSocket.open(t.base, p.cookie);
    try {
      const res = await fetch(`${t.base}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/plain');
      const text = await res.text();
      expect(sample(text, 'ga_http_request_duration_seconds_count', 'method="POST",route="/api/pvp/join-queue",status="200"')).toBe(1);
      expect(sample(text, 'ga_http_request_duration_seconds_count', 'method="POST",route="/api/register",status="201"')).toBe(1);
      expect(sample(text, 'ga_ws_open_sockets')).toBe(1);
      expect(sample(text, 'ga_pvp_queue_length')).toBe(1);
      expect(sample(text, 'ga_pvp_running_battles')).toBe(0);
      expect(sample(text, 'ga_db_statements_total')).toBeGreaterThan(0);
      expect(text).toMatch(/^ga_bus_publish_seconds_count \d+/m);
      expect(text).toMatch(/^ga_nodejs_eventloop_lag_seconds \d/m);
      if (t.database.kind === 'postgres') expect(text).toMatch(/^ga_db_pool_clients\{state="waiting"\} 0/m);
      // An unknown path is one series, whatever was asked.
      await fetch(`${t.base}/api/nothing-here-${Date.now()}`);
      expect(await (await fetch(`${t.base}/metrics`)).text()).toMatch(/route="unmatched",status="404"/);
    } finally {
      socket.close();
      await p.post('/api/pvp/leave-queue', {});
    }
  });
});

describe('METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { METRICS_TOKEN: 'scrape-me-please-0123' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('protects /metrics and only /metrics', async () => {
    expect((await fetch(`${t.base}/metrics`)).status).toBe(401);
    expect((await fetch(`${t.base}/metrics`, { headers: { authorization: 'Bearer wrong-token-of-any-size' } })).status).toBe(401);
    const ok = await fetch(`${t.base}/metrics`, { headers: { authorization: 'Bearer scrape-me-please-0123' } });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain('ga_http_request_duration_seconds');
    expect((await fetch(`${t.base}/healthz`)).status).toBe(200);
  });
});

describe('readiness follows Redis and shutdown', () => {
  it('is unavailable when the bus cannot be reached, and while closing', async () => {
    const bus = createMemoryBus();
    let reachable = true;
    const t = await startTestApp({
      realtime: {
        bus: {
          ...bus,
          kind: 'redis',
          async ping() {
            if (!reachable) throw new Error('redis ping timed out after 2000 ms');
          },
        },
      },
    });
    try {
      expect((await fetch(`${t.base}/readyz`)).status).toBe(200);
      reachable = false;
      const down = await fetch(`${t.base}/readyz`);
      expect(down.status).toBe(503);
      expect((await down.json()).checks.redis).toBe('redis ping timed out after 2000 ms');
      reachable = true;
      // From SIGTERM on (main starts draining before it closes), readiness says no.
      t.app.startDraining();
      const draining = await fetch(`${t.base}/readyz`);
      expect(draining.status).toBe(503);
      expect(await draining.json()).toEqual({ status: 'unavailable', checks: { database: 'ok', migrations: 'ok', redis: 'ok', shutdown: 'in progress' } });
      expect((await fetch(`${t.base}/healthz`)).status).toBe(200);
      await t.app.close();
    } finally {
      await t.database.close();
      await bus.close();
    }
  });
});
