import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, startGame, type Game } from './helpers/game';
import { createFighterThroughUi, registerThroughUi, uniquePlayerName } from './helpers/players';

let game: Game;
beforeAll(async () => {
  game = await startGame();
});
afterAll(async () => {
  await game?.close();
});

describe('Start Battle on the first screen', () => {
  for (const [label, viewport] of [
    ['at 1280x800', DESKTOP],
    ['on a phone (390x844)', PHONE],
  ] as const) {
    it(`is visible without scrolling on /battle ${label}`, async () => {
      const page = await game.newPage(viewport);
      await registerThroughUi(page, uniquePlayerName('fold'));
      // The longest class name, under a long fighter name.
      await createFighterThroughUi(page, 'Berserker Longname', 'warrior1', 'berserker');
      await page.goto('/battle');
      const start = page.getByTestId('start-battle');
      // Ready to press: the enemy is in, so the stage has its full height.
      await expect.poll(() => start.isEnabled()).toBe(true);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      // The screen's entrance has played (it clips the screen while it runs).
      await page.waitForFunction(() => document.querySelector('[data-testid="route-screen"]')?.getAnimations().every((a) => a.playState === 'finished'));
      const box = (await start.boundingBox())!;
      expect(box.y).toBeGreaterThan(0);
      expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
      // Not covered by anything: the button itself is what a tap at its centre hits.
      const hit = await page.evaluate(
        ([x, y]) => document.elementFromPoint(x!, y!)?.closest('[data-testid="start-battle"]') != null,
        [box.x + box.width / 2, box.y + box.height / 2],
      );
      expect(hit).toBe(true);

      // On the wide screen the log starts one gap under the picker's card, however tall the stage.
      if (viewport === DESKTOP) {
        const gap = await page.evaluate(() => {
          // The picker's cell of the grid, and the log's cell after it.
          const picker = document.getElementById('fighter-picker-title')!.closest('.min-w-0')!;
          return picker.nextElementSibling!.getBoundingClientRect().top - picker.getBoundingClientRect().bottom;
        });
        expect(gap).toBeLessThanOrEqual(32);
      }

      // The fighter picker shows the class whole, inside its card.
      const cls = page.getByTestId('fighter-option-class');
      expect(await cls.textContent()).toBe('Lv 1 Berserker');
      const fits = await cls.evaluate((el) => {
        const card = el.closest('label')!.getBoundingClientRect();
        const own = el.getBoundingClientRect();
        return el.scrollWidth <= el.clientWidth + 1 && own.right <= card.right && own.left >= card.left;
      });
      expect(fits).toBe(true);
      expect(game.pageErrors).toEqual([]);
    });
  }
});

describe('a matched queue battle on /pvp-arena', () => {
  it('comes into view under the top bar, with nothing left half under it (1280x800 and a phone)', async () => {
    const pages = await Promise.all(
      [DESKTOP, PHONE].map(async (viewport, i) => {
        const page = await game.newPage(viewport);
        // The scroll is instant, so its end is the page's state once the battle shows.
        await page.emulateMedia({ reducedMotion: 'reduce' });
        const request = page.context().request;
        expect((await request.post('/api/register', { data: { username: uniquePlayerName(`view${i}`).slice(0, 20), password: 'glitch-pass' } })).status()).toBe(201);
        expect((await request.post('/api/characters', { data: { name: `Viewer ${i ? 'Phone' : 'Wide'}`, class: 'warrior', characterAvatar: 'warrior1' } })).status()).toBe(201);
        return { page, viewport };
      }),
    );
    for (const { page } of pages) {
      await page.goto('/pvp-arena');
      await expect.poll(() => page.getByTestId('pvp-socket-status').getAttribute('data-status')).toBe('online');
      await page.getByTestId('pvp-join-queue').click();
      await expect.poll(() => page.getByTestId('pvp-phase').getAttribute('data-phase')).not.toBe('joining');
    }
    for (const { page } of pages) {
      await page.getByTestId('pvp-battle').waitFor();
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    }
    await checkPlaces(pages, 'matched');
    // A blow each (a battle both moved in ends with its rewards), then the end replaces the moves
    // with the shorter result: the page is placed again.
    const turns = () => Promise.all(pages.map(({ page }) => page.getByTestId('pvp-battle').getAttribute('data-my-turn')));
    for (let blows = 0; blows < 2; blows++) {
      await expect.poll(turns).toContain('true');
      const mover = pages[(await turns()).indexOf('true')]!.page;
      await mover.getByTestId('pvp-move-attack').click();
      await expect.poll(() => mover.getByTestId('pvp-battle').getAttribute('data-my-turn')).toBe('false');
    }
    await pages[0]!.page.getByTestId('pvp-forfeit').click();
    await pages[0]!.page.getByTestId('pvp-forfeit-confirm').click();
    for (const { page } of pages) await page.getByTestId('pvp-result').waitFor();
    await checkPlaces(pages, 'ended');
    expect(game.pageErrors).toEqual([]);
  });
});

/** Where the bar, the phase and the stage are on each page, checked against the rule. */
async function checkPlaces(pages: { page: Page; viewport: { width: number; height: number } }[], when: string): Promise<void> {
  for (const { page, viewport } of pages) {
    const where = await page.evaluate(() => {
      const box = (el: Element | null) => el!.getBoundingClientRect();
      return {
        bar: box(document.querySelector('header')).bottom,
        phase: box(document.querySelector('[data-testid="pvp-phase"]')),
        stage: box(document.querySelector('[data-testid="pvp-battle"]')),
      };
    });
    const label = `${when}, ${viewport.width}x${viewport.height}: bar ends at ${where.bar}, phase ${where.phase.top}-${where.phase.bottom}, stage ${where.stage.top}-${where.stage.bottom}`;
    // The stage starts below the bar; the phase above it is either wholly in view or wholly under the bar.
    expect(where.stage.top, label).toBeGreaterThanOrEqual(where.bar);
    expect(where.phase.bottom <= where.bar || where.phase.top >= where.bar, label).toBe(true);
    // At the end, on the wide window, the phase and the whole stage (the result, shorter than the
    // moves) fit, and both show.
    if (when === 'ended' && viewport === DESKTOP) {
      expect(where.phase.top, label).toBeGreaterThanOrEqual(where.bar);
      expect(where.stage.bottom, label).toBeLessThanOrEqual(viewport.height);
    }
  }
}
