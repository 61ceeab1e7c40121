import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../e2e/helpers/game';
import type { Figure } from '../lib/figure';
import { lighthouseFigures } from './lighthouse';
import { startBaseline, startProcess } from '../lib/server';
import { median, round } from '../lib/stats';

const RUNS = 7;

/** Gzipped bytes of the JS and CSS index.html loads up front (entry, modulepreloads, stylesheets). */
function initialAssets(dir: string): { js: number; css: number; files: string[] } {
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  const refs = [
    ...[...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]!),
    ...[...html.matchAll(/<link[^>]+rel="(?:modulepreload|stylesheet)"[^>]*href="([^"]+)"/g)].map((m) => m[1]!),
    ...[...html.matchAll(/<link[^>]+href="([^"]+)"[^>]*rel="(?:modulepreload|stylesheet)"/g)].map((m) => m[1]!),
  ].filter((ref, i, all) => all.indexOf(ref) === i && ref.startsWith('/'));
  let js = 0;
  let css = 0;
  for (const ref of refs) {
    const size = gzipSync(readFileSync(join(dir, ref))).length;
    if (ref.endsWith('.css')) css += size;
    else js += size;
  }
  return { js, css, files: refs };
}

/** Milliseconds from navigation start until the login form's password field is on screen. */
async function firstRender(browser: Browser, url: string): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'commit' });
    const handle = await page.waitForFunction(
      () => {
        const el = document.querySelector('#login-password');
        return el && (el as HTMLElement).offsetParent !== null ? performance.now() : false;
      },
      undefined,
      { polling: 'raf', timeout: 30_000 },
    );
    const at = (await handle.jsonValue()) as number;
    // The first run warms the server and the browser's process; it is not counted.
    if (i > 0) samples.push(at);
    await context.close();
  }
  return median(samples);
}

/** A new player with a fighter on the game at `base`: the Set-Cookie headers that open the signed-in screens. */
async function playerCookies(base: string): Promise<string[]> {
  const post = (path: string, body: unknown, cookie?: string) =>
    fetch(`${base}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) }, body: JSON.stringify(body) });
  const registered = await post('/api/register', { username: `lh_${Date.now().toString(36)}`, password: 'bench-pass-123' });
  if (!registered.ok) throw new Error(`register: ${registered.status} ${await registered.text()}`);
  const setCookies = registered.headers.getSetCookie();
  const cookie = setCookies.map((c) => c.split(';')[0]).join('; ');
  const created = await post('/api/characters', { name: 'Benchmark', class: 'warrior', characterAvatar: 'warrior1' }, cookie);
  if (!created.ok) throw new Error(`create a fighter: ${created.status} ${await created.text()}`);
  return setCookies;
}

/**
 * Figure 6: the client's initial JS and CSS (gzipped), time to first render of the login screen,
 * and Lighthouse on every screen (median of `lighthouseRuns`).
 */
export async function clientFigures(lighthouseRuns: number): Promise<Figure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'ga-bench-client-'));
  try {
    const built = spawnSync('node_modules/.bin/vite', ['build', '--logLevel', 'warn', '--outDir', dir, '--emptyOutDir'], { stdio: 'inherit' });
    if (built.status !== 0) throw new Error('client build failed');
    const assets = initialAssets(dir);
    const game = await startProcess(
      'bench/baselines/game-with-client.ts',
      { BENCH_CLIENT_DIR: dir },
      // PGlite's migrations through tsx take a while on a busy machine.
      { ready: async (base) => (await fetch(`${base}/auth`)).ok, timeoutMs: 180_000 },
    );
    const bare = await startBaseline('bench/baselines/bare-http.ts');
    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
    try {
      const ours = await firstRender(browser, `${game.base}/auth`);
      const plain = await firstRender(browser, `${bare.base}/static-login`);
      const kib = (b: number) => `${round(b / 1024, 1)} KiB`;
      const lighthouse = await lighthouseFigures(game.base, await playerCookies(game.base), lighthouseRuns);
      return [
        {
          id: 'client.size',
          figure: 'Client initial JS + CSS, gzipped',
          ours: `JS ${kib(assets.js)} + CSS ${kib(assets.css)} = ${kib(assets.js + assets.css)} (${assets.files.length} files)`,
          baseline: '—',
          ratio: null,
          target: '—',
          met: null,
          data: assets,
        },
        {
          id: 'client.render',
          figure: `Client time to first render of the login screen (headless Chromium, median of ${RUNS - 1})`,
          ours: `${round(ours, 0)} ms`,
          baseline: `${round(plain, 0)} ms static HTML form`,
          ratio: round(ours / plain, 2),
          target: '—',
          met: null,
          data: { ours, plain },
        },
        ...lighthouse,
      ];
    } finally {
      await browser.close();
      await game.stop();
      await bare.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
