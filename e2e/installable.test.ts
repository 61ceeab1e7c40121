import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_WORKER_TEST_KEY } from '../src/client/lib/app-update';
import { SESSION_LOST_NOTICE } from '../src/client/lib/session-hint';
import { DEFAULT_CLIENT_DIR } from '../src/server/http/client-files';
import { CHROMIUM_ARGS, consoleErrors, DESKTOP, PHONE, startServer, type GameServer } from './helpers/game';
import { uniquePlayerName } from './helpers/players';

/**
 * The installable game: the manifest and its icons, the service worker (control, the offline
 * screen, the update prompt when a new build is deployed), and the honest session states (no
 * console error on the logged-out screen, the notice after a restart lost the session).
 * The server serves a copy of the build, so a test can deploy a 'new build' into it. With
 * SCREENSHOT_DIR set, the offline screen and the update prompt are written there at both sizes.
 */

let server: GameServer;
let browser: Browser;
let clientDir: string;
const pageErrors: string[] = [];

beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), 'ga-installable-'));
  cpSync(DEFAULT_CLIENT_DIR, clientDir, { recursive: true });
  server = await startServer({ clientDir });
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  rmSync(clientDir, { recursive: true, force: true });
});

async function newContext({ worker = false, viewport = DESKTOP } = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport, baseURL: server.base });
  // The test build registers the worker only where a test asks for it.
  if (worker) await context.addInitScript((key) => localStorage.setItem(key, 'on'), SERVICE_WORKER_TEST_KEY);
  return context;
}

async function openPage(context: BrowserContext, path = '/'): Promise<Page> {
  const page = await context.newPage();
  page.on('pageerror', (err) => pageErrors.push(err.message));
  await page.goto(path);
  return page;
}

async function shoot(page: Page, name: string): Promise<void> {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  for (const [size, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: join(dir, `${name}-${size}.png`) });
  }
  await page.setViewportSize(DESKTOP);
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** The page's cache names and, per name, the paths it holds. */
function cachedPaths(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const out: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      out[name] = (await cache.keys()).map((request) => new URL(request.url).pathname);
    }
    return out;
  });
}

/** What a page requests and its workers' states from now on, for a failure's message. */
function traceWorkers(page: Page): { step: (name: string) => void; stop: () => void; lines: () => Promise<string[]> } {
  const start = Date.now();
  const lines: string[] = [];
  const at = () => `+${Date.now() - start} ms`;
  page.on('request', (r) => lines.push(`${at()} request ${r.url()}${r.isNavigationRequest() ? ' (navigation)' : ''}`));
  page.on('requestfinished', (r) => lines.push(`${at()} finished ${r.url()}`));
  page.on('requestfailed', (r) => lines.push(`${at()} failed ${r.url()}: ${r.failure()?.errorText ?? ''}`));
  page.on('console', (m) => lines.push(`${at()} console.${m.type()} ${m.text()}`));
  const state = () =>
    Promise.race([
      page
        .evaluate(async () => {
          const r = await navigator.serviceWorker.getRegistration();
          return JSON.stringify({ document: document.readyState, controller: navigator.serviceWorker.controller?.state ?? null, active: r?.active?.state, waiting: r?.waiting?.state, installing: r?.installing?.state });
        })
        .catch((err: unknown) => `(no answer: ${String(err)})`),
      new Promise<string>((resolve) => setTimeout(() => resolve('(no answer within 3 s)'), 3000).unref()),
    ]);
  const timer = setInterval(() => void state().then((s) => lines.push(`${at()} ${s}`)), 2000);
  return {
    step: (name) => lines.push(`${at()} step: ${name}`),
    stop: () => clearInterval(timer),
    lines: async () => {
      clearInterval(timer);
      lines.push(`${at()} now ${await state()}`);
      return lines;
    },
  };
}

describe('installable', () => {
  it('serves a valid manifest, linked from the page, whose icons load at their stated sizes', async () => {
    const context = await newContext();
    const page = await openPage(context, '/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const answer = await context.request.get(href!);
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = (await answer.json()) as { name: string; short_name: string; display: string; start_url: string; theme_color: string; icons: { src: string; sizes: string; type: string; purpose: string }[] };
    expect(manifest).toMatchObject({ name: 'Glitch Arena', short_name: 'Glitch Arena', display: 'standalone', start_url: '/', theme_color: '#07070d' });
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of manifest.icons) {
      const file = await context.request.get(icon.src);
      expect(file.status(), icon.src).toBe(200);
      expect(file.headers()['content-type']).toBe('image/png');
      const { width, height } = pngSize(await file.body());
      expect(`${width}x${height}`).toBe(icon.sizes);
    }
    // The browser reads the same icons as images.
    const loaded = await page.evaluate(async (src) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      return img.naturalWidth;
    }, manifest.icons[0]!.src);
    expect(loaded).toBe(192);
    await context.close();
  });

  it('the service worker controls the page, caches the build, and shows the offline screen without a network', async () => {
    const context = await newContext({ worker: true });
    const page = await openPage(context, '/');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const worker = readFileSync(join(clientDir, 'sw.js'), 'utf8');
    const precache = JSON.parse(/const PRECACHE = (\[.*\]);/.exec(worker)![1]!) as string[];
    expect(precache).toContain('/index.html');
    expect(precache).toContain('/offline.html');
    expect(precache.some((url) => url.startsWith('/assets/') && url.endsWith('.js'))).toBe(true);
    const caches = await cachedPaths(page);
    const names = Object.keys(caches);
    expect(names).toHaveLength(1);
    expect(caches[names[0]!]!.sort()).toEqual(expect.arrayContaining(precache));
    // Game data is never stored: the page has asked the server already, and the cache has no /api.
    expect(Object.values(caches).flat().filter((path) => path.startsWith('/api') || path.startsWith('/ws'))).toEqual([]);

    await context.setOffline(true);
    await page.goto('/leaderboard');
    await page.getByTestId('offline-screen').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('You are offline');
    // Its picture and fonts come from the cache too.
    expect(await page.locator('[data-testid="offline-screen"] img').evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth))).toBe(192);
    const fontStatus = () =>
      page.evaluate(async () => {
        await document.fonts.ready;
        return [...document.fonts].filter((f) => f.family.includes('Press Start 2P')).map((f) => f.status);
      });
    expect(await fontStatus()).toEqual(['loaded']);
    await shoot(page, 'offline');

    await context.setOffline(false);
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('tab', { name: 'Login' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/leaderboard');
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('a new build deployed while the page is open offers Reload, which brings the new version', async () => {
    const context = await newContext({ worker: true });
    const page = await openPage(context, '/');
    // On a busy machine the worker's steps can be slow: every step below is bounded, and a failure
    // (or a step still waiting near the test's own limit) says which step and what the page and
    // its workers did.
    const trace = traceWorkers(page);
    const steps = async () => {
      trace.step('first worker controls the page');
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      const [before] = Object.keys(await cachedPaths(page));
      expect(await page.getByTestId('update-prompt').count()).toBe(0);

      // Deploy: the worker of the new build has another version (the compressed copies go with the old one).
      trace.step('deploy and look for an update');
      const path = join(clientDir, 'sw.js');
      writeFileSync(path, readFileSync(path, 'utf8').replace(/^const VERSION = "[^"]*";/, 'const VERSION = "next-build";'));
      rmSync(`${path}.br`, { force: true });
      rmSync(`${path}.gz`, { force: true });
      // Not awaited in the page: the prompt's wait below bounds the update.
      await page.evaluate(() => void navigator.serviceWorker.getRegistration().then((r) => r?.update()));

      trace.step('update prompt');
      const prompt = page.getByTestId('update-prompt');
      await prompt.waitFor();
      expect(await prompt.textContent()).toContain('A new version is available');
      // On a phone the prompt fits the width and Reload stays beside the sentence, not on a row of its own.
      await page.setViewportSize(PHONE);
      const box = (await prompt.boundingBox())!;
      const sentence = (await prompt.locator('p').boundingBox())!;
      const reload = (await prompt.getByRole('button', { name: 'Reload' }).boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      expect(reload.x).toBeGreaterThanOrEqual(sentence.x + sentence.width);
      expect(reload.y).toBeLessThan(sentence.y + sentence.height);
      await page.setViewportSize(DESKTOP);
      await shoot(page, 'update-prompt');

      // The new worker activates (dropping the old cache) before the page reloads.
      trace.step('Reload');
      const reloaded = page.waitForEvent('load', { timeout: 50_000 });
      await prompt.getByRole('button', { name: 'Reload' }).click();
      await reloaded;
      trace.step('new worker controls the reloaded page');
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      // The page may reload before the new worker has finished activating (app-update.ts).
      await expect.poll(async () => Object.keys(await cachedPaths(page)), { timeout: 20_000 }).toEqual(['glitch-arena-next-build']);
      expect(before).not.toBe('glitch-arena-next-build');
      await page.getByRole('tab', { name: 'Login' }).waitFor();
      expect(await page.getByTestId('update-prompt').count()).toBe(0);
    };
    let timer: NodeJS.Timeout | undefined;
    const stalled = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('still waiting 150 s into the test')), 150_000);
    });
    try {
      await Promise.race([steps(), stalled]);
    } catch (err) {
      throw new Error(`${String(err)}\n${(await trace.lines()).join('\n')}`);
    } finally {
      clearTimeout(timer);
      trace.stop();
    }
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

describe('honest session states', () => {
  it('the logged-out login screen logs no console error and makes no failing request', async () => {
    const context = await newContext();
    const page = await context.newPage();
    const errors = consoleErrors(page);
    page.on('response', (response) => {
      if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`);
    });
    const userCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/user') userCalls.push(request.url());
    });
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Login' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
    expect(userCalls).toEqual([]);
    expect(await page.getByTestId('session-lost').count()).toBe(0);
    await context.close();
  });

  it('a signed-in screen with its socket and checked messages breaks no rule of the content security policy', async () => {
    const context = await newContext();
    // Every violation the page reports, caught ones included (the browser reports those too).
    await context.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
    });
    const name = uniquePlayerName('csp').slice(0, 20);
    expect((await context.request.post('/api/register', { data: { username: name, password: 'glitch-pass' } })).status()).toBe(201);
    const page = await context.newPage();
    // zod comes with the first checked answer or socket message: the place a violation came from.
    const zod = page.waitForResponse((response) => /\/assets\/zod-[^/]+\.js$/.test(response.url()));
    await page.goto('/arena');
    await page.getByTestId('nav-welcome').waitFor();
    await zod;
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
    await context.close();
  });

  /**
   * `bellDuringRestart`: the bell's code (and with it the page's socket on the home screen) is due
   * while the server is down, as on a slow phone or a busy machine: its load fails, and the page
   * must still find out.
   */
  async function sessionLostAcrossRestart({ bellDuringRestart }: { bellDuringRestart: boolean }) {
    const context = await newContext();
    const name = uniquePlayerName('restart').slice(0, 20);
    expect((await context.request.post('/api/register', { data: { username: name, password: 'glitch-pass' } })).status()).toBe(201);
    const page = await context.newPage();
    page.on('pageerror', (err) => pageErrors.push(err.message));
    // The page's timers run on a clock the test can move: the socket's retries back off up to
    // 30 s apart, and the test moves past them instead of waiting for them.
    await page.clock.install();
    const BELL_CHUNK = '**/assets/notification-bell-*.js';
    if (bellDuringRestart) await page.route(BELL_CHUNK, (route) => route.abort('connectionrefused'));
    await page.goto('/');
    await page.getByTestId('nav-welcome').waitFor();
    await page.waitForLoadState('networkidle');

    // The same address, a new process with an empty in-memory database: the session is gone.
    const port = Number(new URL(server.base).port);
    await server.close();
    server = await startServer({ clientDir, port });
    if (bellDuringRestart) await page.unroute(BELL_CHUNK);

    // Nothing is clicked: the page's socket, refused twice by the new process, asks whether the
    // session holds (the navigation path asks the same at the next screen: session.test.ts).
    const notice = page.getByTestId('session-lost');
    // However long the restart took, the next retry is at most RECONNECT_MAX_MS away, and the one
    // after it asks over HTTP: each poll jumps the page's clock 5 s on, firing each timer then due
    // once (as after a sleeping laptop: clock.fastForward), not every frame of the 5 s.
    let shown = '';
    try {
      await expect
        .poll(
          async () => {
            if (await notice.isVisible()) return true;
            shown = (await page.locator('body').innerText()).replace(/\s+/g, ' ').slice(0, 300);
            await page.clock.fastForward(5_000);
            return false;
          },
          // A ceiling for a failure to show, not a wait.
          { timeout: 240_000, interval: 250 },
        )
        .toBe(true);
    } catch (err) {
      // What the page showed instead, for the report.
      throw new Error(`No lost-session notice; the page showed: ${shown}`, { cause: err });
    }
    expect(await notice.textContent()).toBe(SESSION_LOST_NOTICE);
    expect(SESSION_LOST_NOTICE).toBe('The server restarted; please log in again');
    expect(await page.getByTestId('nav-welcome').count()).toBe(0);

    // The next visit is an ordinary logged-out one: no notice, no failing request.
    const failed: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
    });
    await page.reload();
    await page.getByRole('tab', { name: 'Login' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await notice.count()).toBe(0);
    expect(failed).toEqual([]);
    expect(pageErrors).toEqual([]);
    await context.close();
  }

  it('a signed-in page whose session a server restart lost says so on the login screen', async () => {
    await sessionLostAcrossRestart({ bellDuringRestart: false });
  }, 360_000);

  it("the same when the bell's code was due while the server was down (it comes back with the server)", async () => {
    await sessionLostAcrossRestart({ bellDuringRestart: true });
  }, 360_000);
});
