import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NGINX, startNginx, type Nginx } from '../tests/helpers/nginx';
import { startServerProcess, type ServerProcess } from '../tests/helpers/server-process';
import { adminQuery, isPostgresUrl } from '../tests/helpers/test-db';
import { duelToTheEnd, findMatch, playerWithFighter } from './helpers/duel';
import { CHROMIUM_ARGS, DESKTOP, PHONE } from './helpers/game';
import { registerThroughUi, uniquePlayerName } from './helpers/players';

/**
 * The documented deployment, played for real (README 'Scale out'): deploy/nginx.conf in front
 * of two instances (TRUST_PROXY=1, COOKIE_SECURE=1) on one PostgreSQL and one Redis, over TLS,
 * every page through the proxy. Players register, fight PvE, chat and duel across instances,
 * and one instance is killed mid-duel while the duel goes on through the proxy.
 */

const pgUrl = process.env.DATABASE_URL && isPostgresUrl(process.env.DATABASE_URL) ? process.env.DATABASE_URL : undefined;
const redisUrl = process.env.REDIS_URL;
const skip = !pgUrl ? 'DATABASE_URL is not a PostgreSQL URL' : !redisUrl ? 'REDIS_URL is not set' : !existsSync(NGINX) ? `no nginx at ${NGINX}` : undefined;
if (skip) console.warn(`behind-nginx e2e: skipped: ${skip} (CI runs it with nginx, DATABASE_URL and REDIS_URL).`);

/** A figure of an instance's /metrics, read from the instance itself (nginx never shows it). */
async function metric(server: ServerProcess, name: string): Promise<number> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line ? Number(line.split(' ')[1]) : 0;
}

describe.skipIf(Boolean(skip))('behind nginx: two instances, one proxy', () => {
  const name = `ga_e2e_nginx_${process.pid}_${randomBytes(4).toString('hex')}`;
  let servers: [ServerProcess, ServerProcess];
  let proxy: Nginx;
  let browser: Browser;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    await adminQuery(pgUrl!, `CREATE DATABASE "${name}"`);
    const url = new URL(pgUrl!);
    url.pathname = `/${name}`;
    const env = { DATABASE_URL: url.toString(), REDIS_URL: redisUrl!, TRUST_PROXY: '1', COOKIE_SECURE: '1' };
    // The first start migrates and seeds; the second finds it done.
    const one = await startServerProcess({ env, startTimeoutMs: 90_000 });
    const two = await startServerProcess({ env, startTimeoutMs: 90_000 });
    servers = [one, two];
    proxy = await startNginx([one.port, two.port]);
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  }, 200_000);
  afterAll(async () => {
    await browser?.close();
    await proxy?.stop();
    await Promise.all((servers ?? []).map((s) => s.stop()));
    await adminQuery(pgUrl!, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  });

  async function page(viewport = DESKTOP): Promise<Page> {
    const context = await browser.newContext({ viewport, baseURL: proxy.url, ignoreHTTPSErrors: true });
    const p = await context.newPage();
    p.on('pageerror', (err) => pageErrors.push(err.message));
    return p;
  }

  const sockets = () => Promise.all(servers.map((s) => metric(s, 'ga_ws_open_sockets')));

  /**
   * Opens `path` on the page and reloads it until its socket is held by instance `want`
   * (nginx balances without stickiness, so a page's socket lands on either).
   */
  async function socketOn(p: Page, path: string, want: 0 | 1, online: (p: Page) => Promise<boolean>): Promise<void> {
    const before = await sockets();
    const total = before[0]! + before[1]! + 1;
    await p.goto(path);
    for (let attempt = 0; attempt < 12; attempt++) {
      await expect.poll(() => online(p)).toBe(true);
      await expect.poll(async () => (await sockets()).reduce((a, b) => a + b)).toBe(total);
      const now = await sockets();
      if (now[want]! > before[want]!) return;
      await p.reload();
    }
    throw new Error(`the page's socket never landed on instance ${want + 1}`);
  }
  const chatOnline = async (p: Page) => (await p.getByTestId('chat-connection').getAttribute('data-status')) === 'online';
  const pvpOnline = (p: Page) => p.getByTestId('real-pvp-find').isEnabled();

  it('serves the game over TLS with the headers an operator expects, and hides /metrics', async () => {
    const p = await page();
    const home = await p.goto('/');
    expect(home!.status()).toBe(200);
    const script = (await p.locator('script[src^="/assets/"]').first().getAttribute('src'))!;
    const asset = await p.context().request.get(script, { headers: { 'accept-encoding': 'gzip' } });
    expect(asset.status()).toBe(200);
    expect(asset.headers()['cache-control']).toContain('immutable');
    expect(asset.headers()['content-encoding']).toBe('gzip');
    const api = await p.context().request.get('/api/user');
    expect(api.status()).toBe(401);
    // nginx's $request_id reaches the game, comes back on the answer, and is in nginx's log.
    const id = api.headers()['x-request-id']!;
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    // nginx writes the line once the answer has gone: wait for it.
    await expect.poll(() => proxy.accessLog()).toContain(`rid=${id}`);
    expect((await p.context().request.get('/metrics')).status()).toBe(404);
    // Plain HTTP is sent to https.
    const plain = await fetch(`${proxy.plainUrl}/battle`, { redirect: 'manual' });
    expect(plain.status).toBe(301);
    expect(plain.headers.get('location')).toBe('https://127.0.0.1/battle');
    await p.context().close();
  });

  it('a player registers through the proxy (a Secure __Host- cookie) and fights a PvE battle', async () => {
    const p = await page(PHONE);
    await registerThroughUi(p, uniquePlayerName('ngx').slice(0, 20));
    const cookies = await p.context().cookies();
    expect(cookies.some((c) => c.name.startsWith('__Host-') && c.secure)).toBe(true);
    await p.context().request.post('/api/characters', { data: { name: 'Proxy Runner', class: 'warrior', characterAvatar: 'warrior1' } });
    await p.goto('/battle');
    await expect.poll(() => p.getByTestId('enemy-name').textContent()).not.toBe('');
    const start = p.getByRole('button', { name: 'Start Battle' });
    await expect.poll(() => start.isEnabled()).toBe(true);
    await start.click();
    await expect.poll(() => p.getByTestId('battle-result').isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await p.getByTestId('battle-result').textContent()).toMatch(/^(Victory|Defeat)/);
    await p.context().close();
  });

  it('chat posted by a player on one instance is seen by a player on the other', async () => {
    const a = await playerWithFighter(await page(), 'ngxChatA', 'Chat North');
    const b = await playerWithFighter(await page(PHONE), 'ngxChatB', 'Chat South');
    await socketOn(a, '/chat', 0, chatOnline);
    await socketOn(b, '/chat', 1, chatOnline);
    const text = `across the proxy ${randomBytes(3).toString('hex')}`;
    await a.getByTestId('chat-input').fill(text);
    await a.getByTestId('chat-input').press('Enter');
    await expect.poll(async () => (await b.getByTestId('chat-message').allTextContents()).some((m) => m.includes(text))).toBe(true);
    await Promise.all([a, b].map((p) => p.context().close()));
  });

  it('a duel between players on different instances finishes through the proxy after the instance running it is killed', async () => {
    const a = await playerWithFighter(await page(), 'ngxDuelA', 'North Proxy', 'warrior', 'warrior2');
    const b = await playerWithFighter(await page(PHONE), 'ngxDuelB', 'South Proxy', 'assassin', 'assassin1');
    await socketOn(a, '/pvp', 0, pvpOnline);
    await socketOn(b, '/pvp', 1, pvpOnline);
    await findMatch(a);
    await findMatch(b);
    for (const p of [a, b]) await expect.poll(() => p.getByTestId('real-pvp').getAttribute('data-phase')).toBe('active');
    expect(await a.getByTestId('enemy-name').textContent()).toBe('South Proxy');

    // One move is played, then the instance that runs the battle dies without a word.
    const mine = async (p: Page) => (await p.getByTestId('real-pvp-turn').getAttribute('data-mine')) === 'true';
    await expect.poll(async () => (await mine(a)) || (await mine(b))).toBe(true);
    const first = (await mine(a)) ? a : b;
    await first.getByTestId('real-pvp-attack').click();
    await expect.poll(() => mine(first)).toBe(false);
    const running = await Promise.all(servers.map((s) => metric(s, 'ga_pvp_running_battles')));
    const owner = running.findIndex((n) => n === 1);
    expect(owner).toBeGreaterThanOrEqual(0);
    await servers[owner]!.kill('SIGKILL');

    // The survivor takes the battle over; the pages reconnect through nginx and play it out.
    const survivor = servers[1 - owner]!;
    await expect.poll(() => metric(survivor, 'ga_pvp_running_battles'), { timeout: 30_000 }).toBe(1);
    await duelToTheEnd([a, b]);
    const outcomes = await Promise.all([a, b].map((p) => p.getByTestId('real-pvp-result').getAttribute('data-result')));
    expect([...outcomes].sort()).toEqual(['defeat', 'victory']);
    expect(await metric(survivor, 'ga_pvp_battles_settled_total')).toBe(1);
    expect(await metric(survivor, 'ga_pvp_takeovers_total')).toBe(1);
    await Promise.all([a, b].map((p) => p.context().close()));
    expect(pageErrors).toEqual([]);
  }, 180_000);
});
