import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE, startGame, type Game } from './helpers/game';
import { uniquePlayerName } from './helpers/players';

/**
 * A screen whose code cannot be fetched (a new version replaced the build while the tab was
 * open) shows an error card with Reload inside the layout, instead of a blank page.
 */

let game: Game;
beforeAll(async () => {
  game = await startGame();
});
afterAll(async () => {
  await game?.close();
});

const FORGE_CHUNK = '**/assets/forge-page-*.js';

describe('a screen that fails to load', () => {
  it('keeps the nav, shows the card, and Reload brings the screen once it can be fetched', async () => {
    const page = await game.newPage();
    await page.context().request.post('/api/register', { data: { username: uniquePlayerName('deploy'), password: 'glitch-pass' } });
    await page.goto('/');
    await page.getByTestId('nav-welcome').waitFor();

    // The build was replaced: the old chunk of the Forge is gone.
    await page.route(FORGE_CHUNK, (route) => route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' }));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Forge' }).click();
    const card = page.getByTestId('screen-error');
    await card.waitFor();
    expect(await card.getAttribute('data-kind')).toBe('load');
    expect(await card.getByRole('heading').textContent()).toBe('Screen Failed to Load');
    expect(await page.getByTestId('nav-welcome').isVisible()).toBe(true);
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(true);

    // The rest of the game still works.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    await expect.poll(() => page.getByText('Live Virtual Character Arena - Battle, Trade, and Dominate').isVisible()).toBe(true);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Forge' }).click();
    await card.waitFor();

    // The new build is there: Reload, by keyboard, loads the screen.
    await page.unroute(FORGE_CHUNK);
    await page.getByTestId('screen-error-reload').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('forge-credits').waitFor();
    expect(new URL(page.url()).pathname).toBe('/forge');
    expect(await card.count()).toBe(0);
    expect(game.pageErrors).toEqual([]);
    await page.context().close();
  });

  it('fits a phone screen', async () => {
    const page = await game.newPage(PHONE);
    await page.context().request.post('/api/register', { data: { username: uniquePlayerName('phone'), password: 'glitch-pass' } });
    await page.route('**/assets/leaderboard-page-*.js', (route) => route.fulfill({ status: 404, body: 'Not found' }));
    await page.goto('/leaderboard');
    await page.getByTestId('screen-error').waitFor();
    expect(await page.getByRole('button', { name: 'Open menu' }).isVisible()).toBe(true);
    expect(await page.getByTestId('screen-error-reload').isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(game.pageErrors).toEqual([]);
    await page.context().close();
  });
  it("the bell's code failing to load leaves its place empty, not the whole frame down", async () => {
    const page = await game.newPage();
    await page.context().request.post('/api/register', { data: { username: uniquePlayerName('nobell'), password: 'glitch-pass' } });
    // The bell's chunk comes after the first screen: a server restarting (or a build replaced)
    // meanwhile refuses it.
    await page.route('**/assets/notification-bell-*.js', (route) => route.abort('connectionrefused'));
    await page.goto('/');
    await page.getByTestId('nav-welcome').waitFor();
    await page.getByTestId('nav-bell-slot').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByTestId('screen-error').count()).toBe(0);
    expect(await page.getByTestId('nav-welcome').isVisible()).toBe(true);
    expect(await page.getByText('Live Virtual Character Arena - Battle, Trade, and Dominate').isVisible()).toBe(true);

    // The server is back: the bell comes on its own, without a reload or another screen (it holds
    // the page's socket, and with it the check that says a restart lost the session).
    await page.unroute('**/assets/notification-bell-*.js');
    await page.getByTestId('nav-bell').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('nav-bell-slot').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/');
    await page.context().close();
  });
});
