import { mkdirSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../scripts/precompress';
import { routeTablesSource, screenModules, screenPageKey } from '../scripts/prerender-shell';
import { startTestApp, type TestApp } from './helpers/test-app';

/**
 * Which page the server sends for a screen's path (src/server/http/client-files.ts): the login
 * page to nobody signed in, the screen's own page to a browser holding the session hint. The
 * pages' contents are the build's (e2e/prerendered-shell.test.ts checks the real ones).
 */

const PAGES: Record<string, string> = {
  'index.html': '<!doctype html><title>Glitch Arena</title><div id="root" data-shell="login">login page</div>',
  'screens/home.html': '<!doctype html><title>Glitch Arena</title><div id="root" data-shell="loading">home page</div>',
  'screens/marketplace.html': '<!doctype html><title>Glitch Arena</title><div id="root" data-shell="loading">marketplace page</div>',
  'screens/replay.html': '<!doctype html><title>Glitch Arena</title><div id="root" data-shell="loading">replay page</div>',
};

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    prepareClient: (dir) => {
      mkdirSync(join(dir, 'screens'));
      for (const [file, html] of Object.entries(PAGES)) writeFileSync(join(dir, file), html + '<p>padding</p>'.repeat(40));
      precompressDir(dir);
    },
  });
});
afterAll(async () => t?.close());

const pageAt = async (path: string, cookie?: string) => {
  const res = await fetch(t.base + path, { headers: cookie ? { cookie } : {} });
  const html = await res.text();
  return { status: res.status, vary: res.headers.get('vary') ?? '', cache: res.headers.get('cache-control'), page: /data-shell="\w+">([^<]+)</.exec(html)?.[1] };
};

describe('the page for a path', () => {
  it('is the login page for nobody signed in, on every path, / included', async () => {
    for (const path of ['/', '/marketplace', '/replay/3', '/unknown', '/auth']) {
      const answer = await pageAt(path);
      expect(answer, path).toMatchObject({ status: 200, page: 'login page', cache: 'no-cache' });
      expect(answer.vary.toLowerCase()).toContain('cookie');
    }
  });

  it("is the screen's own page with the session hint, home for any other path", async () => {
    const cases: [string, string][] = [
      ['/', 'home page'],
      ['/marketplace', 'marketplace page'],
      ['/marketplace?sort=newest', 'marketplace page'],
      ['/replay/3', 'replay page'],
      ['/unknown', 'home page'],
      ['/auth', 'home page'],
      ['/Marketplace', 'home page'],
      ['/%2e%2e/index', 'home page'],
    ];
    for (const [path, page] of cases) {
      expect((await pageAt(path, 'ga_signed_in=1')).page, path).toBe(page);
      // Over HTTPS the hint has the __Host- prefix.
      expect((await pageAt(path, '__Host-ga_signed_in=1')).page, path).toBe(page);
    }
  });

  it('is the page for a folder path too, whatever the request accepts (a health check, curl)', async () => {
    // No Accept-Encoding at all (fetch always sends one): the static files' folders answered 403.
    const bare = (path: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        get(t.base + path, (res) => {
          let body = '';
          res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        }).on('error', reject);
      });
    for (const path of ['/', '/screens/', '/assets/', '/marketplace']) {
      const answer = await bare(path);
      expect(answer.status, path).toBe(200);
      expect(answer.body, path).toContain('login page');
    }
    expect((await pageAt('/screens/', 'ga_signed_in=1')).page).toBe('home page');
  });

  it('any other value of the hint counts as no hint', async () => {
    expect((await pageAt('/marketplace', 'ga_signed_in=0')).page).toBe('login page');
    expect((await pageAt('/marketplace', 'other=1')).page).toBe('login page');
  });

  it('leaves the API and the assets alone', async () => {
    const api = await fetch(`${t.base}/api/no-such-route`, { headers: { cookie: 'ga_signed_in=1' } });
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ message: 'Not found' });
    const asset = await fetch(`${t.base}/assets/missing-abc.js`, { headers: { cookie: 'ga_signed_in=1' } });
    expect(asset.status).toBe(404);
  });
});

describe("the build's list of screens", () => {
  it('reads every screen of the route tables with the module its code comes from', () => {
    const screens = screenModules(routeTablesSource());
    expect(screens.get('auth')).toBe('src/client/features/auth/auth-page.tsx');
    expect(screens.get('/')).toBe('src/client/features/dashboard/dashboard-page.tsx');
    expect(screens.get('/replay')).toBe('src/client/features/replay/replay-page.tsx');
    expect(screens.size).toBe(18);
    expect(screenPageKey('/')).toBe('home');
    expect(screenPageKey('/pvp-arena')).toBe('pvp-arena');
  });

  it('refuses route tables it cannot read whole', () => {
    const routes = routeTablesSource();
    const changed = routes.replace("page(() => import('@client/features/chat/chat-page'), 'ChatPage', '/chat')", "page(load('chat'), 'ChatPage', '/chat')");
    expect(changed).not.toBe(routes);
    expect(() => screenModules(changed)).toThrow(/read 17 screens of 18/);
  });
});
