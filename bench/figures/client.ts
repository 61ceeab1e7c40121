import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../e2e/helpers/game';
import type { Figure } from '../lib/figure';
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

/** Figure 6: the client's initial JS and CSS (gzipped) and time to first render of the login screen. */
export async function clientFigures(): Promise<Figure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'ga-bench-client-'));
  try {
    const built = spawnSync('node_modules/.bin/vite', ['build', '--logLevel', 'warn', '--outDir', dir, '--emptyOutDir'], { stdio: 'inherit' });
    if (built.status !== 0) throw new Error('client build failed');
    const assets = initialAssets(dir);
    const game = await startProcess(
      'bench/baselines/game-with-client.ts',
      { BENCH_CLIENT_DIR: dir },
      { ready: async (base) => (await fetch(`${base}/auth`)).ok },
    );
    const bare = await startBaseline('bench/baselines/bare-http.ts');
    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
    try {
      const ours = await firstRender(browser, `${game.base}/auth`);
      const plain = await firstRender(browser, `${bare.base}/static-login`);
      const kib = (b: number) => `${round(b / 1024, 1)} KiB`;
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
