import { createHash } from 'node:crypto';
import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_HINT_COOKIE } from '../src/common/constants';
import { MODULE_PRELOAD_SCRIPT } from '../src/common/module-preloads';
import { startTestApp, type TestApp } from './helpers/test-app';
import { Player, uniqueName } from './helpers/player';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({
    prepareClient: (dir) => {
      writeFileSync(join(dir, 'sw.js'), "const VERSION = 'v1';\nself.addEventListener('fetch', () => {});\n");
      writeFileSync(join(dir, 'manifest.webmanifest'), '{"name":"Glitch Arena"}\n');
      mkdirSync(join(dir, 'icons'));
      writeFileSync(join(dir, 'icons', 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    },
  });
});
afterAll(async () => t.close());

const hintLine = (res: Response) => res.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_HINT_COOKIE}=`));

async function page(cookie?: string): Promise<Response> {
  return fetch(`${t.base}/battle`, { headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });
}

describe('the service worker and the manifest are served for the browser to use', () => {
  it('/sw.js is a script the browser asks for again each time (no-cache), allowed by the page policy', async () => {
    const res = await fetch(`${t.base}/sw.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^(application|text)\/javascript/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toContain("VERSION = 'v1'");
    const html = await page();
    // Workers and manifests of our own origin: script-src / default-src 'self', no worker-src that refuses them.
    const csp = html.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/default-src 'self'/);
    expect(csp).not.toMatch(/worker-src|manifest-src/);
    // Inline scripts: only the signed-in pages' module preloads, by the hash of their one text.
    const hash = createHash('sha256').update(MODULE_PRELOAD_SCRIPT).digest('base64');
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}';`);
    expect(/script-src[^;]*unsafe-inline/.test(csp)).toBe(false);
  });

  it('/manifest.webmanifest has the manifest content type; the icons are PNG', async () => {
    const res = await fetch(`${t.base}/manifest.webmanifest`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect(await res.json()).toEqual({ name: 'Glitch Arena' });
    const icon = await fetch(`${t.base}/icons/icon-192.png`);
    expect(icon.headers.get('content-type')).toBe('image/png');
  });
});

describe('the session hint tells the page whether to ask who is signed in', () => {
  it('comes with the session cookie at register and login, readable by the page, and leaves at logout', async () => {
    const p = new Player(t.base);
    const registered = await p.post('/api/register', { username: uniqueName('hint'), password: 'secret-pass' });
    expect(registered.status).toBe(201);
    const set = registered.headers.getSetCookie();
    expect(set[0]).toMatch(/^ga_session=/);
    const hint = set.find((line) => line.startsWith(`${SESSION_HINT_COOKIE}=1;`));
    expect(hint).toBeDefined();
    expect(hint).not.toContain('HttpOnly');
    expect(hint).toContain('Path=/');
    expect(p.cookie).toMatch(/^ga_session=/);

    const out = await p.post('/api/logout');
    expect(out.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_HINT_COOKIE}=;`))).toBeDefined();
  });

  it('a page asked for with a live session and no hint gets the hint', async () => {
    const p = new Player(t.base);
    await p.register();
    const res = await page(p.cookie);
    expect(res.status).toBe(200);
    expect(hintLine(res)).toMatch(new RegExp(`^${SESSION_HINT_COOKIE}=1;`));
    // Already there: nothing is written again.
    expect(hintLine(await page(`${p.cookie}; ${SESSION_HINT_COOKIE}=1`))).toBeUndefined();
  });

  it('a page asked for with a session the server no longer has loses the hint; the session cookie stays untouched', async () => {
    const res = await page(`ga_session=${'A'.repeat(43)}; ${SESSION_HINT_COOKIE}=1`);
    expect(hintLine(res)).toMatch(new RegExp(`^${SESSION_HINT_COOKIE}=;.*Max-Age=0`));
    expect(res.headers.getSetCookie().some((line) => line.startsWith('ga_session='))).toBe(false);
  });

  it('a page without any cookie gets none, and API answers never carry the hint', async () => {
    expect((await page()).headers.getSetCookie()).toEqual([]);
    const p = new Player(t.base);
    await p.register();
    const me = await fetch(`${t.base}/api/user`, { headers: { cookie: p.cookie! } });
    expect(me.status).toBe(200);
    expect(me.headers.getSetCookie()).toEqual([]);
  });
});
