import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../src/server/paths';
import { isPostgresUrl } from './helpers/test-db';
import { Player } from './helpers/player';
import { startTestApp, type TestApp } from './helpers/test-app';

/**
 * The dashboard (deploy/grafana/glitch-arena.json) and the alert rules
 * (deploy/prometheus/alerts.yml) read only metrics a running server exports, with the label
 * values they select; the rules pass `promtool check rules`.
 */

const DASHBOARD = join(PROJECT_ROOT, 'deploy', 'grafana', 'glitch-arena.json');
const ALERTS = join(PROJECT_ROOT, 'deploy', 'prometheus', 'alerts.yml');
const PROMTOOL = process.env.PROMTOOL_PATH ?? '/usr/bin/promtool';
/** Only a PostgreSQL pool has these (PGlite has no pool). */
const POSTGRES_ONLY = new Set(['ga_db_pool_clients']);
/** Labels whose values depend on traffic or on Prometheus (the target's job), not on the server. */
const FREE_LABELS = new Set(['job', 'instance', 'status', 'route']);

let t: TestApp;
let exported: { name: string; labels: Record<string, string> }[];
/** What the purchase burned. */
let boughtPrice = 0;
beforeAll(async () => {
  t = await startTestApp();
  // Some play first, so the labelled series exist: a registration mints credits, a purchase burns some.
  const p = new Player(t.base);
  await p.register();
  await p.post('/api/characters', { name: 'Metric Runner', class: 'warrior', characterAvatar: 'warrior1' });
  const shop = (await p.get<{ id: number; price: number; level?: number; levelRequired?: number }[]>('/api/equipment')).body;
  const cheapest = shop.filter((i) => (i.level ?? i.levelRequired ?? 1) <= 1).sort((a, b) => a.price - b.price)[0]!;
  expect((await p.post(`/api/equipment/${cheapest.id}/buy`)).status).toBe(200);
  const text = await (await fetch(`${t.base}/metrics`)).text();
  exported = text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const name = /^[a-zA-Z_:][\w:]*/.exec(line)![0];
      const labels = Object.fromEntries([...(/\{(.*)\}/.exec(line)?.[1] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
      return { name, labels };
    });
  boughtPrice = cheapest.price;
});
afterAll(async () => {
  await t?.close();
});

/** Every `ga_…` series a file selects, with its exact label matchers (`name{label="value"}`). */
function selectors(text: string): { name: string; matchers: Record<string, string> }[] {
  return [...text.matchAll(/\b(ga_[a-z0-9_]+)(\{([^}]*)\})?/g)].map((m) => ({
    name: m[1]!,
    matchers: Object.fromEntries([...(m[3] ?? '').matchAll(/(\w+)\s*=\s*\\?"([^"\\]*)\\?"/g)].map((x) => [x[1]!, x[2]!])),
  }));
}

const onPostgres = isPostgresUrl(process.env.TEST_DATABASE_URL ?? '');

describe.each([
  ['the Grafana dashboard', DASHBOARD],
  ['the alert rules', ALERTS],
])('%s', (_what, file) => {
  it('names only metrics (and label values) that /metrics exports', () => {
    const wanted = selectors(readFileSync(file, 'utf8'));
    expect(wanted.length).toBeGreaterThan(5);
    const missing = wanted.filter(({ name, matchers }) => {
      if (POSTGRES_ONLY.has(name) && !onPostgres) return false;
      const fixed = Object.entries(matchers).filter(([label]) => !FREE_LABELS.has(label));
      return !exported.some((s) => s.name === name && fixed.every(([label, value]) => s.labels[label] === value));
    });
    expect(missing).toEqual([]);
  });
});

describe('the game figures behind them', () => {
  const series = (name: string, labels: Record<string, string> = {}) => exported.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v)).length;

  it('exports the outbox, the credits, takeovers and readiness', async () => {
    const text = await (await fetch(`${t.base}/metrics`)).text();
    const read = (series: string) => Number(new RegExp(`^${series.replace(/[{}]/g, '\\$&')} (\\S+)$`, 'm').exec(text)?.[1]);
    expect(read('ga_credits_minted_total{reason="starting_grant"}')).toBe(2500);
    expect(read('ga_credits_burned_total{reason="equipment_purchase"}')).toBe(boughtPrice);
    expect(read('ga_outbox_pending_events')).toBe(0);
    expect(read('ga_outbox_lag_seconds')).toBe(0);
    expect(read('ga_pvp_takeovers_total')).toBe(0);
    expect(read('ga_ready')).toBe(1);
    expect(read('ga_ready_check{check="database"}')).toBe(1);
    expect(series('ga_ready_check', { check: 'redis' })).toBe(1);
  });
});

describe('the alert rules', () => {
  it.skipIf(!existsSync(PROMTOOL))('pass promtool check rules', () => {
    const run = spawnSync(PROMTOOL, ['check', 'rules', ALERTS], { encoding: 'utf8' });
    expect(run.stdout + run.stderr).toContain('SUCCESS');
    expect(run.status).toBe(0);
  });
});

describe('the dashboard', () => {
  it('is a Grafana dashboard whose panels all query the Prometheus data source', () => {
    const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as { uid: string; panels: { id: number; type: string; targets?: { expr: string }[] }[] };
    expect(dashboard.uid).toBe('glitch-arena');
    const ids = dashboard.panels.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const panel of dashboard.panels.filter((p) => p.type !== 'row')) expect(panel.targets?.length).toBeGreaterThan(0);
  });
});
