import { AxeBuilder } from '@axe-core/playwright';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { characters, users } from '../src/server/db/schema';
import { setBattlePace } from './helpers/battle-pace';
import { DESKTOP, PHONE, startGame, type Game } from './helpers/game';
import { openLoginScreen } from './helpers/players';
import { loggedInPage, seedWorld, settleScreen, signedInPaths, type SeededWorld } from './helpers/seed-world';

/**
 * axe-core over every screen of the game, logged out and logged in, with real data, at a desktop
 * and a phone size, and over the drawer and the dialogs a player opens: no violation of any
 * impact of the WCAG 2.x A and AA rules or of axe's best practices. About two minutes a size on a busy
 * two-core machine (axe's colour-contrast pass over the forge's many framed cards is the longest).
 */

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

let game: Game;
let world: SeededWorld;
beforeAll(async () => {
  game = await startGame();
  world = await seedWorld(game);
}, 120_000);
afterAll(async () => {
  await game?.close();
});

/** The violations of the page as it is now, one line each: rule, impact and where. */
async function violations(page: Page, where: string): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(TAGS).options({ resultTypes: ['violations'] }).analyze();
  return result.violations.flatMap((v) =>
    v.nodes.map((n) => `${where}: ${v.id} (${v.impact}) ${n.target.join(' ')} ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`),
  );
}

describe('accessibility (axe-core)', () => {
  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`every screen, the drawer and the dialogs have no violation (${size})`, { timeout: 420_000 }, async () => {
      const found: string[] = [];

      const guest = await game.browser.newContext({ viewport, baseURL: game.base, reducedMotion: 'reduce' });
      const login = await guest.newPage();
      await openLoginScreen(login, '/auth');
      await login.locator('#login-username').waitFor();
      found.push(...(await violations(login, '/auth login')));
      await login.getByRole('tab', { name: 'Register' }).click();
      await login.getByTestId('register-username').waitFor();
      found.push(...(await violations(login, '/auth register')));
      await login.getByRole('tab', { name: 'Recover' }).click();
      await login.locator('#recover-code').waitFor();
      found.push(...(await violations(login, '/auth recover')));
      await guest.close();

      const page = await loggedInPage(game, world, viewport);
      await setBattlePace(page);
      for (const path of signedInPaths(world)) {
        await page.goto(path);
        await settleScreen(page);
        found.push(...(await violations(page, path)));
      }

      // A fight told in the log, its result and the replay link.
      const [me] = await game.database.db.select({ id: users.id }).from(users).where(eq(users.username, world.name));
      await game.database.db.update(characters).set({ lastBattleAt: null }).where(eq(characters.userId, me!.id));
      await page.goto('/battle');
      await settleScreen(page);
      await page.getByTestId('start-battle').click();
      await page.getByTestId('battle-result').waitFor();
      found.push(...(await violations(page, '/battle after a fight')));

      // The Buy dialog of a listed fighter.
      await page.goto('/marketplace');
      await settleScreen(page);
      await page.getByTestId('buy-button').first().click();
      await page.getByRole('dialog').waitFor();
      found.push(...(await violations(page, 'Buy dialog')));
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });

      // The notifications panel.
      await page.getByTestId('nav-bell').click();
      await page.getByTestId('notification-panel').waitFor();
      found.push(...(await violations(page, 'notifications panel')));
      await page.keyboard.press('Escape');

      if (size === 'phone') {
        // The drawer holds the screens, the account and the settings.
        await page.getByRole('button', { name: /^Open menu/ }).click();
        await page.getByRole('dialog').waitFor();
        found.push(...(await violations(page, 'drawer')));
        await page.keyboard.press('Escape');
      } else {
        await page.getByTestId('settings-button').click();
        await page.getByRole('dialog').or(page.locator('[data-radix-popper-content-wrapper]')).first().waitFor();
        found.push(...(await violations(page, 'settings popover')));
        await page.keyboard.press('Escape');
      }

      expect(found).toEqual([]);
      expect(game.pageErrors).toEqual([]);
      await page.context().close();
    });
  }
});
