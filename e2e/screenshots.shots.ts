import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PVP_TURN_MS } from '../src/common/constants';
import { DESKTOP, PHONE, startGame, type Game } from './helpers/game';
import { loggedInPage, seedWorld, settleScreen, type SeededWorld } from './helpers/seed-world';

/**
 * `npm run screenshots` (not part of `npm test`, which never rewrites a committed file): visits
 * every screen of SPEC §2 at a desktop and a phone size with the seeded world of the axe test
 * (e2e/helpers/seed-world.ts: a moderator with a fighter, gear, a battle, a guild, a friend and a
 * report to handle) and saves the pictures to docs/screenshots/ (they are committed and shown in
 * the README), or to SCREENSHOTS_DIR when set. Each picture also checks the layout: nothing wider than the window.
 */

const OUT_DIR = process.env.SCREENSHOTS_DIR ?? join(process.cwd(), 'docs', 'screenshots');

/** File name stem and path of each screen; `/auth` is shot logged out. */
const SCREENS = [
  { name: 'home', path: '/' },
  { name: 'characters', path: '/characters' },
  { name: 'battle', path: '/battle' },
  { name: 'marketplace', path: '/marketplace' },
  { name: 'leaderboard', path: '/leaderboard' },
  { name: 'chat', path: '/chat' },
  { name: 'pvp-arena', path: '/pvp-arena' },
  { name: 'pvp', path: '/pvp' },
  { name: 'guilds', path: '/guilds' },
  { name: 'equipment', path: '/equipment' },
  { name: 'skills', path: '/skills' },
  { name: 'arena', path: '/arena' },
  { name: 'forge', path: '/forge' },
  { name: 'friends', path: '/friends' },
  { name: 'account', path: '/account' },
  { name: 'moderation', path: '/moderation' },
  { name: 'replay', path: '/replay' },
] as const;

const SIZES = [
  { label: 'desktop', viewport: DESKTOP },
  { label: 'phone', viewport: PHONE },
] as const;

/** SCREENSHOTS=battle,forge limits a run to some screens while working on them. */
const only = process.env.SCREENSHOTS?.split(',').filter(Boolean);
const screens = only ? SCREENS.filter((s) => only.includes(s.name)) : SCREENS;

let game: Game;
let world: SeededWorld;

/** A page of the seeded main player that adds up the layout shifts of each screen it opens. */
async function loggedInShooter(viewport: { width: number; height: number }): Promise<Page> {
  const page = await loggedInPage(game, world, viewport);
  await page.context().addInitScript(() => {
    // Cumulative layout shift of the screen since it was opened (SPA moves reset it).
    const w = window as unknown as { __cls: number };
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) w.__cls += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return page;
}

/** Waits until the screen has its data (the axe pass's settle) and its pictures are decoded. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 8000 }).catch(() => undefined);
  await settleScreen(page);
  await page.evaluate(() => Promise.all([...document.images].map((img) => (img.complete ? null : img.decode().catch(() => null)))));
  await page.waitForTimeout(300);
}

/** How far the page is wider than the window (0 when it fits). */
function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** Form fields and buttons on screen without an accessible name (a label, aria-label or text). */
function unnamedControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const named = (el: Element): boolean => {
      if (el.getAttribute('aria-label')?.trim()) return true;
      const by = el.getAttribute('aria-labelledby');
      if (by && by.split(/\s+/).some((id) => document.getElementById(id)?.textContent?.trim())) return true;
      if ('labels' in el && (el as HTMLInputElement).labels?.length) return true;
      if (el.getAttribute('title')?.trim()) return true;
      if (el.tagName === 'BUTTON' || el.tagName === 'A') return Boolean(el.textContent?.trim());
      return false;
    };
    return [...document.querySelectorAll('input:not([type="hidden"]), select, textarea, button, a[href]')]
      .filter((el) => (el as HTMLElement).offsetParent !== null || getComputedStyle(el).position === 'fixed')
      // Hidden from assistive technology and from the keyboard (e.g. the native select a Radix
      // select keeps for its form): nobody meets it, so it needs no name.
      .filter((el) => !el.closest('[aria-hidden="true"]'))
      .filter((el) => !named(el))
      .map((el) => el.outerHTML.slice(0, 120));
  });
}

async function shoot(page: Page, name: string, label: string): Promise<void> {
  await settle(page);
  expect(await horizontalOverflow(page), `${name} (${label}) scrolls sideways`).toBeLessThanOrEqual(0);
  expect(await unnamedControls(page), `${name} (${label}) has controls without a name`).toEqual([]);
  const cls = await page.evaluate(() => (window as unknown as { __cls?: number }).__cls ?? 0);
  // Data arriving must not push the screen around (0.1 is the 'good' cumulative layout shift).
  expect(cls, `${name} (${label}) layout shift`).toBeLessThanOrEqual(0.1);
  // A full-page picture starts at the top, the sticky bar in its place.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(OUT_DIR, `${name}-${label}.png`), fullPage: true, animations: 'disabled' });
}

beforeAll(async () => {
  mkdirSync(OUT_DIR, { recursive: true });
  // The pictures show SPEC's turn rule (30 s), not the suite's longer test turns.
  game = await startGame({ turnSeconds: PVP_TURN_MS / 1000 });
  world = await seedWorld(game);
}, 120_000);

afterAll(async () => {
  await game?.close();
});

describe('screenshots of every screen', () => {
  for (const { label, viewport } of SIZES) {
    it(`${label} (${viewport.width}x${viewport.height})`, { timeout: 240_000 }, async () => {
      const page = await loggedInShooter(viewport);
      for (const screen of screens) {
        // The replay is of the main player's battle.
        await page.goto(screen.name === 'replay' ? `/replay/${world.replayId}` : screen.path);
        await page.getByTestId('nav-welcome').waitFor();
        await shoot(page, screen.name, label);
      }
      await page.context().close();

      if (!only || only.includes('auth')) {
        const guest = await game.browser.newContext({ viewport, baseURL: game.base, reducedMotion: 'reduce' });
        const login = await guest.newPage();
        await login.goto('/auth');
        await login.getByRole('tab', { name: 'Register' }).waitFor();
        await shoot(login, 'auth', label);
        await guest.close();
      }
      expect(game.pageErrors).toEqual([]);
    });
  }
});
