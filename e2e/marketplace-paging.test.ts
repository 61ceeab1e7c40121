import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CLASS_IDS } from '../src/common/characters';
import { characters, marketplaceListings } from '../src/server/db/schema';
import { PHONE, startGame, type Game } from './helpers/game';
import { registerThroughUi, uniquePlayerName } from './helpers/players';

/** 30 fighters for sale: more than one page (24), five of each class, prices 100 to 3,000. */
const STOCK = 30;

let game: Game;
beforeAll(async () => {
  game = await startGame();
  const sellers: number[] = [];
  for (const prefix of ['stall', 'booth']) {
    const res = await fetch(`${game.base}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: uniquePlayerName(prefix), password: 'glitch-pass' }),
    });
    expect(res.status).toBe(201);
    sellers.push(((await res.json()) as { id: number }).id);
  }
  const made = await game.database.db
    .insert(characters)
    .values(
      Array.from({ length: STOCK }, (_, i) => ({
        userId: sellers[i % 2]!,
        name: `Stock Fighter ${i + 1}`,
        class: CLASS_IDS[i % 6]!,
        characterAvatar: `${CLASS_IDS[i % 6]!}1`,
        level: 1 + (i % 10),
      })),
    )
    .returning({ id: characters.id, userId: characters.userId, level: characters.level });
  await game.database.db
    .insert(marketplaceListings)
    .values(made.map((c, i) => ({ characterId: c.id, sellerId: c.userId, characterLevel: c.level, price: 100 * (i + 1) })));
});
afterAll(async () => {
  await game?.close();
});

const cards = (page: Page) => page.getByTestId('market-listing');

async function chooseClass(page: Page, id: string) {
  await page.getByTestId('filter-class').click();
  await page.getByTestId(`filter-class-${id}`).click();
}

describe('marketplace pages', () => {
  it('scrolling loads the next page; filters narrow the list, and reset brings everything back', async () => {
    const page = await game.newPage();
    await registerThroughUi(page, uniquePlayerName('browser'));
    await page.goto('/marketplace');
    await expect.poll(() => cards(page).count()).toBe(24);
    expect(await page.getByTestId('market-count').textContent()).toContain('24+');

    // Scrolling to the end of the list reads the second page.
    await page.getByTestId('market-sentinel').scrollIntoViewIfNeeded();
    await expect.poll(() => cards(page).count()).toBe(STOCK);
    await page.getByTestId('market-end').waitFor();
    expect(await page.getByTestId('market-load-more').count()).toBe(0);

    // A class filter asks the server for that class only: five mages.
    await chooseClass(page, 'mage');
    await expect.poll(() => page.getByTestId('listing-class').allTextContents()).toEqual(Array(5).fill('Mage'));
    // A price cap narrows it further: mages are listed at 200, 800, 1,400, 2,000 and 2,600.
    await page.getByTestId('filter-maxPrice').fill('1500');
    await expect.poll(() => cards(page).count()).toBe(3);
    // Nothing fits: the empty state offers to reset the filters.
    await page.getByTestId('filter-maxPrice').fill('150');
    await page.getByTestId('market-no-matches').waitFor();
    expect(await page.getByTestId('market-no-matches').textContent()).toContain('No listings match');
    await page.getByTestId('market-reset-filters').click();
    await expect.poll(() => cards(page).count()).toBe(24);
    expect(await page.getByTestId('filter-maxPrice').inputValue()).toBe('');
    expect(await page.getByTestId('filter-class').getAttribute('data-value')).toBe('all');

    // A value the server would refuse is named and not sent.
    await page.getByTestId('filter-minLevel').fill('0');
    await page.getByTestId('filter-minLevel-error').waitFor();
    expect(await cards(page).count()).toBe(24);
    await page.getByTestId('filters-reset').click();
    expect(game.pageErrors).toEqual([]);
  });

  it('on a phone, the server sorts and Load more answers the keyboard', async () => {
    const page = await game.newPage(PHONE);
    await registerThroughUi(page, uniquePlayerName('phone'));
    await page.goto('/marketplace');
    // The sort order's list comes with its first press. Its code, held back here, arrives while the
    // button is held down: the press still counts (nothing is redrawn under the pointer before it
    // is released) and opens the list.
    const selectCode = /\/assets\/pixel-select-radix-[^/]+\.js$/;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = 0;
    await page.route(selectCode, async (route) => {
      asked += 1;
      await held;
      await route.continue();
    });
    const trigger = await page.getByTestId('sort-select').boundingBox();
    await page.mouse.move(trigger!.x + trigger!.width / 2, trigger!.y + trigger!.height / 2);
    await page.mouse.down();
    await expect.poll(() => asked).toBe(1);
    const answered = page.waitForResponse(selectCode);
    release();
    await answered;
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await page.getByTestId('sort-options').count()).toBe(0);
    await page.mouse.up();
    await page.getByTestId('sort-option-price_high').click();
    await page.unroute(selectCode);
    // The most expensive first, from the server: 3,000 down.
    await expect.poll(async () => (await page.getByTestId('listing-name').allTextContents()).slice(0, 3)).toEqual([
      'Stock Fighter 30',
      'Stock Fighter 29',
      'Stock Fighter 28',
    ]);
    await expect.poll(() => cards(page).count()).toBe(24);
    await page.getByTestId('market-load-more').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => cards(page).count()).toBe(STOCK);
    expect(await page.getByTestId('listing-name').last().textContent()).toBe('Stock Fighter 1');
    expect(game.pageErrors).toEqual([]);
  });

  it('a listing withdrawn elsewhere leaves the loaded pages at the next poll, 15 s later', async () => {
    const page = await game.newPage();
    await page.clock.install();
    await registerThroughUi(page, uniquePlayerName('poller'));
    await page.goto('/marketplace');
    await page.getByTestId('market-listing').first().waitFor();
    // Bringing the end of the list into view asks for the next page (a click
    // on Load more would race that request and find the button gone).
    await page.getByTestId('market-sentinel').scrollIntoViewIfNeeded();
    await expect.poll(() => cards(page).count()).toBe(STOCK);
    // Fighter 2 is on the second page; its seller takes it back.
    const second = cards(page).filter({ has: page.getByTestId('listing-name').getByText('Stock Fighter 2', { exact: true }) });
    expect(await second.count()).toBe(1);
    const [listing] = await game.database.db
      .select({ id: marketplaceListings.id })
      .from(marketplaceListings)
      .innerJoin(characters, eq(characters.id, marketplaceListings.characterId))
      .where(eq(characters.name, 'Stock Fighter 2'));
    await game.database.db.update(marketplaceListings).set({ status: 'withdrawn' }).where(eq(marketplaceListings.id, listing!.id));
    await page.clock.runFor(16_000);
    await expect.poll(() => second.count()).toBe(0);
    expect(await cards(page).count()).toBe(STOCK - 1);
    expect(game.pageErrors).toEqual([]);
  });
});
