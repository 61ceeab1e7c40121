import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PVP_TURN_MS } from '../src/common/constants';
import { characters, users } from '../src/server/db/schema';
import { EQUIPMENT_SETS } from '../src/server/domain/forge-sets';
import { grantMaterials } from '../src/server/services/forge';
import { DESKTOP, PHONE, startGame, type Game } from './helpers/game';
import { uniquePlayerName } from './helpers/players';

/**
 * `npm run screenshots` (not part of `npm test`, which never rewrites a committed file): visits
 * every screen of SPEC §2 at a desktop and a phone size with a seeded account and saves the
 * pictures to docs/screenshots/ (they are committed and shown in the README), or to
 * SCREENSHOTS_DIR when set. Each picture also checks the layout: nothing wider than the window.
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
] as const;

const SIZES = [
  { label: 'desktop', viewport: DESKTOP },
  { label: 'phone', viewport: PHONE },
] as const;

/** SCREENSHOTS=battle,forge limits a run to some screens while working on them. */
const only = process.env.SCREENSHOTS?.split(',').filter(Boolean);
const screens = only ? SCREENS.filter((s) => only.includes(s.name)) : SCREENS;

let game: Game;
let mainName: string;
const password = 'glitch-pass';

async function ok(answer: Awaited<ReturnType<APIRequestContext['post']>>, what: string) {
  if (!answer.ok()) throw new Error(`${what} failed: ${answer.status()} ${await answer.text()}`);
  return answer.json().catch(() => null);
}

async function newPlayer(context: BrowserContext, prefix: string) {
  const name = uniquePlayerName(prefix).slice(0, 20);
  await ok(await context.request.post('/api/register', { data: { username: name, password } }), 'register');
  return name;
}

/** Two players: a seller with a listed fighter and the main player with gear, a battle and chat. */
async function seed(): Promise<void> {
  const sellerContext = await game.browser.newContext({ baseURL: game.base });
  const seller = sellerContext.request;
  await newPlayer(sellerContext, 'NeonVandal');
  await ok(
    await seller.post('/api/characters', { data: { name: 'Pixel Reaper', class: 'assassin', characterAvatar: 'assassin1' } }),
    'create seller fighter',
  );
  const [sold] = (await ok(await seller.get('/api/characters'), 'seller characters')) as { id: number }[];
  await ok(await seller.post('/api/marketplace/sell', { data: { characterId: sold!.id, price: 1800 } }), 'list fighter');
  await ok(await seller.post('/api/chat/messages', { data: { message: 'Anyone up for a duel in the neon pit?' } }), 'chat');

  const context = await game.browser.newContext({ baseURL: game.base });
  const me = context.request;
  mainName = await newPlayer(context, 'GlitchKid');
  await ok(
    await me.post('/api/characters', { data: { name: 'Byte Knight', class: 'warrior', characterAvatar: 'warrior1' } }),
    'create fighter',
  );
  const [fighter] = (await ok(await me.get('/api/characters'), 'characters')) as { id: number }[];
  await ok(await me.post('/api/admin/seed-equipment'), 'seed equipment');
  // One piece bought (and worn) from the equipment market.
  const items = (await ok(await me.get('/api/equipment/marketplace'), 'equipment market')) as { id: number; price: number }[];
  const cheap = [...items].sort((a, b) => a.price - b.price)[0];
  if (cheap) await ok(await me.post(`/api/equipment/${cheap.id}/buy`), 'buy equipment');
  // A fought battle, so the dashboard and the rankings have something to show.
  await ok(await me.get('/api/enemy'), 'enemy');
  await ok(await me.post('/api/battle', { data: { characterId: fighter!.id } }), 'battle');
  await ok(await me.post('/api/chat/messages', { data: { message: 'GG! My Byte Knight just cleared the arena.' } }), 'chat');
  await ok(await seller.post('/api/chat/messages', { data: { message: 'Nice. My Pixel Reaper is on the market.' } }), 'chat');

  // Skill points and forge materials, so those screens show choices.
  const [row] = await game.database.db.select({ id: users.id }).from(users).where(eq(users.username, mainName));
  await game.database.db.update(characters).set({ skillPoints: 2 }).where(eq(characters.userId, row!.id));
  const set = EQUIPMENT_SETS.void_walker;
  await game.database.db.transaction((tx) =>
    grantMaterials(
      tx,
      row!.id,
      Object.entries(set.requiredMaterials).map(([materialId, amount]) => ({ materialId, amount: amount * 2 }) as never),
    ),
  );
  await sellerContext.close();
  await context.close();
}

async function loggedInPage(viewport: { width: number; height: number }): Promise<Page> {
  const context = await game.browser.newContext({ viewport, baseURL: game.base, reducedMotion: 'reduce' });
  await ok(await context.request.post('/api/login', { data: { username: mainName, password } }), 'login');
  await context.addInitScript(() => {
    // Cumulative layout shift of the screen since it was opened (SPA moves reset it).
    const w = window as unknown as { __cls: number };
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) w.__cls += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const page = await context.newPage();
  page.on('pageerror', (err) => game.pageErrors.push(err.message));
  return page;
}

/** Waits until the screen has its data: no spinner, no skeleton, no busy region, fonts loaded. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 8000 }).catch(() => undefined);
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            document.fonts.status === 'loaded' &&
            !document.querySelector('main [role="status"] .pixel-spinner, main .animate-pulse, main [aria-busy="true"]'),
        ),
      { timeout: 20_000 },
    )
    .toBe(true);
  // Images (sprites) decoded.
  await page.evaluate(() =>
    Promise.all([...document.images].map((img) => (img.complete ? null : img.decode().catch(() => null)))),
  );
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
  await seed();
}, 120_000);

afterAll(async () => {
  await game?.close();
});

describe('screenshots of every screen', () => {
  for (const { label, viewport } of SIZES) {
    it(`${label} (${viewport.width}x${viewport.height})`, { timeout: 240_000 }, async () => {
      const page = await loggedInPage(viewport);
      for (const screen of screens) {
        await page.goto(screen.path);
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
