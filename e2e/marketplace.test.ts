import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { atRest } from './helpers/boxes';
import { startGame, type Game } from './helpers/game';
import { createFighterThroughUi, navCredits, registerThroughUi, uniquePlayerName } from './helpers/players';

let game: Game;
beforeAll(async () => {
  game = await startGame();
});
afterAll(async () => {
  await game?.close();
});

describe('two players trade a fighter', () => {
  it('A lists a fighter, B sees the deal label and buys it; balances and dashboards change', async () => {
    const seller = await game.newPage();
    const buyer = await game.newPage();
    const a = uniquePlayerName('seller');
    const b = uniquePlayerName('buyer');
    await registerThroughUi(seller, a);
    await registerThroughUi(buyer, b);
    await createFighterThroughUi(seller, 'Glitch Merchant', 'rogue1', 'rogue');

    // A lists the fighter below its value (500 at level 1): a good deal.
    await seller.getByTestId('character-sell').click();
    await seller.getByTestId('sell-price-input').fill('400');
    // The seller reads what the sale pays after the burned 5 % fee before listing.
    await expect.poll(() => seller.getByTestId('sale-proceeds').textContent()).toBe('You receive 380 credits after the 5% market fee.');
    await seller.getByTestId('sell-price-input').fill('0');
    expect(await seller.getByTestId('sale-proceeds').count()).toBe(0);
    // A price the server would refuse says so before Sell, in the server's words.
    await expect.poll(() => seller.getByTestId('sale-price-invalid').textContent()).toBe('Price must be a whole number from 1 to 10,000,000 credits');
    await seller.getByTestId('sell-price-input').fill('400');
    await seller.getByTestId('sell-confirm').click();
    await expect.poll(() => seller.getByTestId('toast').textContent()).toContain('Character Listed');
    await expect.poll(() => seller.getByTestId('for-sale-badge').textContent()).toContain('400');

    // B finds it on the market with its deal label and buys it.
    await buyer.goto('/marketplace');
    const card = buyer.locator('[data-testid="market-listing"]', { hasText: 'Glitch Merchant' });
    await card.waitFor();
    expect(await card.getByTestId('deal-label').textContent()).toContain('Good Deal (20% off)');
    expect(await card.getAttribute('data-own')).toBe('false');

    // The deal tip and the sort order's list load when first wanted. Keyboard only: the deal
    // label focused shows its tip (the focus stays on it while the code arrives) ...
    const deal = card.getByTestId('deal-label');
    await deal.focus();
    const tip = buyer.getByRole('tooltip');
    await expect.poll(() => tip.textContent()).toContain('Character value: 500 credits');
    expect(await deal.evaluate((label) => label === document.activeElement)).toBe(true);
    // ... and the sort order opens with Enter, ArrowDown and Enter pick the next order.
    const sort = buyer.getByTestId('sort-select');
    await sort.focus();
    await buyer.keyboard.press('Enter');
    await buyer.getByTestId('sort-options').waitFor();
    const focusedOption = () => buyer.evaluate(() => document.activeElement?.getAttribute('data-testid'));
    await expect.poll(focusedOption).toBe('sort-option-newest');
    await buyer.keyboard.press('ArrowDown');
    await expect.poll(focusedOption).toBe('sort-option-price_low');
    await buyer.keyboard.press('Enter');
    await expect.poll(() => sort.getAttribute('data-value')).toBe('price_low');
    await buyer.getByTestId('sort-options').waitFor({ state: 'detached' });
    await expect.poll(() => sort.evaluate((trigger) => trigger === document.activeElement)).toBe(true);
    await card.waitFor();

    // Details opens the fighter's sheet (its code loads with the press) and counts B's view; Escape
    // closes it and the focus goes back to Details.
    expect(await card.getByTestId('view-count').first().textContent()).toBe('0');
    const details = card.getByTestId('listing-details-button');
    await details.click();
    const sheet = buyer.getByTestId('listing-detail-dialog');
    await sheet.waitFor();
    expect(await sheet.getByRole('heading', { name: 'Glitch Merchant' }).count()).toBe(1);
    expect(await sheet.textContent()).toContain('Level 1 Rogue for sale');
    await expect.poll(() => sheet.getByTestId('view-count').textContent()).toBe('1');
    // The report flag sits under the subtitle at its own size, not stretched across the sheet.
    const report = sheet.getByTestId('listing-report');
    expect(await report.textContent()).toBe('Report');
    // Measured once the sheet has finished sliding in, both in the same frame.
    await atRest(sheet);
    const { flag, heading } = await sheet.evaluate((el) => {
      const rect = (node: Element | null) => node!.getBoundingClientRect().toJSON() as { x: number; width: number };
      const title = [...el.querySelectorAll('h1, h2, h3')].find((h) => h.textContent?.trim() === 'Glitch Merchant') ?? null;
      return { flag: rect(el.querySelector('[data-testid="listing-report"]')), heading: rect(title) };
    });
    expect(flag.width).toBeLessThan(160);
    expect(Math.abs(flag.x - heading.x)).toBeLessThan(2);
    await buyer.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
    await expect.poll(() => details.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await card.getByTestId('view-count').first().textContent()).toBe('1');

    await card.getByTestId('buy-button').click();
    await buyer.getByTestId('buy-confirm').click();
    await expect.poll(() => buyer.getByTestId('toast').textContent()).toContain('Purchase Complete');
    await expect.poll(() => navCredits(buyer)).toBe(2100);
    await expect.poll(() => card.count()).toBe(0);

    // B's dashboard now shows the fighter; A's balance rose by the price minus the 5 % fee.
    await buyer.goto('/');
    await expect.poll(() => buyer.getByTestId('best-character-name').textContent()).toContain('Glitch Merchant');
    expect(await buyer.getByTestId('dashboard-characters').textContent()).toContain('1');
    await seller.goto('/');
    await expect.poll(() => navCredits(seller)).toBe(2500 + 380);
    await expect.poll(() => seller.getByTestId('no-characters').isVisible()).toBe(true);
    expect(game.pageErrors).toEqual([]);
  });
});
