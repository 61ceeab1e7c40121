import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleErrors, DESKTOP, PHONE, startGame, type Game } from './helpers/game';

/** The API document's page renders in the browser under the game's own security headers. */

let game: Game;
beforeAll(async () => {
  game = await startGame();
});
afterAll(async () => {
  await game?.close();
});

describe('/api/docs', () => {
  for (const [name, size] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    it(`lists the calls with their answers at ${name} size, with nothing blocked`, async () => {
      const page = await game.newPage(size);
      const problems = consoleErrors(page);
      page.on('requestfailed', (r) => problems.push(`failed ${r.url()}`));
      await page.goto('/api/docs');
      const battle = page.locator('.opblock', { hasText: '/api/battle' }).first();
      await battle.locator('.opblock-summary').click();
      // The answer's schema is shown field by field.
      await expect.poll(async () => battle.locator('.responses-wrapper').innerText()).toContain('replayId');
      await expect.poll(() => page.getByText('Glitch Arena API').first().isVisible()).toBe(true);
      expect(problems).toEqual([]);
    });
  }
});
