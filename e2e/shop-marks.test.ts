import type { Page, Request } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { characters } from '../src/server/db/schema';
import { startGame, type Game } from './helpers/game';
import { createFighterThroughUi, navCredits, registerThroughUi, uniquePlayerName } from './helpers/players';

let game: Game;
beforeAll(async () => {
  game = await startGame();
});
afterAll(async () => {
  await game?.close();
});

/** The POSTs a page sends to paths matching `path`, as they go. */
function posts(page: Page, path: RegExp): Request[] {
  const seen: Request[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && path.test(new URL(r.url()).pathname)) seen.push(r);
  });
  return seen;
}

describe('the gear shop', () => {
  it('marks pieces equipped and owned, and asks before buying one already held', async () => {
    const page = await game.newPage();
    await registerThroughUi(page, uniquePlayerName('dupe'));
    await createFighterThroughUi(page, 'Twice Bought');
    const buys = posts(page, /^\/api\/equipment\/\d+\/buy$/);
    await page.goto('/equipment#marketplace');
    await page.getByTestId('equipment-tab-marketplace').click();
    const buy = page.locator('[data-testid^="buy-button-"]:not([disabled])').first();
    await buy.waitFor();
    const id = (await buy.getAttribute('data-testid'))!.replace('buy-button-', '');
    const card = page.getByTestId(`market-item-${id}`);
    const price = Number((await page.getByTestId(`market-price-${id}`).textContent())!.replace(/[^0-9]/g, ''));
    expect(await card.getByTestId(`market-equipped-${id}`).count()).toBe(0);

    // Not held yet: Buy buys at once, and the piece, worn in its empty slot, is marked Equipped.
    await page.getByTestId(`buy-button-${id}`).click();
    await expect.poll(() => navCredits(page)).toBe(2500 - price);
    await expect.poll(() => card.getByTestId(`market-equipped-${id}`).count()).toBe(1);
    expect(await card.getAttribute('data-owned')).toBe('1');
    expect(buys).toHaveLength(1);

    // Held: Buy asks first, saying so; Cancel buys nothing.
    await page.getByTestId(`buy-button-${id}`).click();
    const dialog = page.getByTestId('buy-duplicate-dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('(equipped). Another copy goes to the inventory');
    await page.getByTestId('buy-duplicate-cancel').click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(buys).toHaveLength(1);
    expect(await navCredits(page)).toBe(2500 - price);

    // Confirmed, a second copy goes to the bag.
    await page.getByTestId(`buy-button-${id}`).click();
    await page.getByTestId('buy-duplicate-confirm').click();
    await expect.poll(() => navCredits(page)).toBe(2500 - 2 * price);
    await expect.poll(() => card.getByTestId(`market-owned-${id}`).textContent()).toBe('+1 in bag');
    expect(await card.getByTestId(`market-equipped-${id}`).count()).toBe(1);
    expect(buys).toHaveLength(2);
    expect(game.pageErrors).toEqual([]);
  });

  it('asks before a paid look, like a market purchase, and not once it is unlocked', async () => {
    const page = await game.newPage();
    await registerThroughUi(page, uniquePlayerName('look'));
    await createFighterThroughUi(page, 'Look Buyer');
    await game.database.db.update(characters).set({ level: 2 }).where(eq(characters.name, 'Look Buyer'));
    const changes = posts(page, /^\/api\/character\/change-image-set$/);
    await page.goto('/forge');
    await page.getByTestId('forge-tab-style').click();

    await page.getByTestId('style-select-neon').click();
    const dialog = page.getByTestId('style-buy-dialog');
    await dialog.waitFor();
    const cost = Number((await page.getByTestId('style-buy-price').textContent())!.replace(/[^0-9]/g, ''));
    expect(cost).toBeGreaterThan(0);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    expect(changes).toHaveLength(0);
    expect(await navCredits(page)).toBe(2500);

    await page.getByTestId('style-select-neon').click();
    await page.getByTestId('style-confirm-neon').click();
    await page.getByTestId('style-current-neon').waitFor();
    await expect.poll(() => navCredits(page)).toBe(2500 - cost);

    // Back to the free look, then the unlocked one again: no question, nothing paid.
    await page.getByTestId('style-select-default').click();
    await page.getByTestId('style-current-default').waitFor();
    await page.getByTestId('style-select-neon').click();
    await page.getByTestId('style-current-neon').waitFor();
    expect(await dialog.count()).toBe(0);
    expect(changes).toHaveLength(3);
    expect(await navCredits(page)).toBe(2500 - cost);
    expect(game.pageErrors).toEqual([]);
  });
});
