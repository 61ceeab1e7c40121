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
