import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGame, type Game } from './helpers/game';
import { loggedInPage, seedWorld, settleScreen, signedInPaths, type SeededWorld } from './helpers/seed-world';

/**
 * Reflow (WCAG 1.4.10) over every screen with real data: nothing scrolls sideways at 320 CSS px
 * (a 1280 px window at 400 % zoom, 320 x 200), nor at 195 px (a phone at 200 %, 195 x 422; the screens of NARROW_PATHS); and
 * at 400 % zoom the sticky bar takes at most a quarter of the height.
 */

const WIDE = { width: 320, height: 568 };
const ZOOMED = { width: 320, height: 200 };
const NARROW = { width: 195, height: 422 };

/** The sizes each screen is checked at: every screen at 320 px, some at 195 px too. */
const sizesOf = (path: string) => (NARROW_PATHS.some((p) => path === p || path.startsWith(`${p}/`)) ? [WIDE, ZOOMED, NARROW] : [WIDE, ZOOMED]);
const NARROW_PATHS = ['/auth', '/characters', '/battle', '/pvp-arena', '/friends', '/account', '/replay'];

let game: Game;
let world: SeededWorld;
beforeAll(async () => {
  game = await startGame();
  world = await seedWorld(game);
}, 120_000);
afterAll(async () => {
  await game?.close();
});

/** What is wrong with the screen at this size: a sideways scroll, a bar too tall. */
async function reflowFaults(page: Page, where: string, size: { width: number; height: number }): Promise<string[]> {
  await page.setViewportSize(size);
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  const seen = await page.evaluate(() => {
    const root = document.documentElement;
    const header = document.querySelector('header');
    // The height the bar keeps covering once the page is scrolled down (all of it while sticky).
    window.scrollTo(0, root.scrollHeight);
    const covered = header ? Math.max(0, Math.min(header.getBoundingClientRect().bottom, window.innerHeight)) : 0;
    window.scrollTo(0, 0);
    // The widest element sticking out to the right, to tell what to fix.
    let culprit = '';
    for (const el of document.body.querySelectorAll<HTMLElement>('*')) {
      if (el.getBoundingClientRect().right > root.clientWidth + 0.5 && !el.closest('[data-radix-popper-content-wrapper]')) {
        culprit = `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)} ${el.getAttribute('data-testid') ?? ''}`;
      }
    }
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, covered, height: window.innerHeight, culprit };
  });
  const faults: string[] = [];
  if (seen.scrollWidth > seen.clientWidth) faults.push(`${where}: scrolls sideways (${seen.scrollWidth} > ${seen.clientWidth}; ${seen.culprit})`);
  if (size === ZOOMED && seen.covered > seen.height * 0.25) faults.push(`${where}: the bar covers ${seen.covered} of ${seen.height} px`);
  return faults;
}

describe('reflow', () => {
  it('no screen scrolls sideways at 320 and 195 CSS px, and the bar takes at most 25 % of the height at 400 % zoom', { timeout: 240_000 }, async () => {
    const faults: string[] = [];
    const guest = await game.browser.newContext({ viewport: WIDE, baseURL: game.base, reducedMotion: 'reduce' });
    const login = await guest.newPage();
    await login.goto('/auth');
    await login.locator('#login-username').waitFor();
    for (const size of sizesOf('/auth')) faults.push(...(await reflowFaults(login, `/auth ${size.width}x${size.height}`, size)));
    await guest.close();

    const page = await loggedInPage(game, world, WIDE);
    for (const path of signedInPaths(world)) {
      await page.setViewportSize(WIDE);
      await page.goto(path);
      await settleScreen(page);
      for (const size of sizesOf(path)) faults.push(...(await reflowFaults(page, `${path} ${size.width}x${size.height}`, size)));
    }
    expect(faults).toEqual([]);
    expect(game.pageErrors).toEqual([]);
    await page.context().close();
  });
});
