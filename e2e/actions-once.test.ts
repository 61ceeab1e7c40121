import type { Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { characters, users } from '../src/server/db/schema';
import { startGame, type Game } from './helpers/game';
import { navCredits, uniquePlayerName } from './helpers/players';
import { UUID, watchPage, type SentAction } from './helpers/watch';

/**
 * A double click on an action button acts once: one request (with a fresh Idempotency-Key),
 * one success toast and never a red one after it.
 */

let game: Game;
beforeAll(async () => {
  game = await startGame();
});
afterAll(async () => {
  await game?.close();
});

/** Long enough for a second request's answer (and its toast) to have arrived. */
const SETTLE_MS = 1200;

async function newPlayer(page: Page, prefix: string, fighter?: string): Promise<string> {
  const name = uniquePlayerName(prefix).slice(0, 20);
  const registered = await page.context().request.post('/api/register', { data: { username: name, password: 'glitch-pass' } });
  expect(registered.status()).toBe(201);
  if (fighter) {
    const created = await page.context().request.post('/api/characters', {
      data: { name: fighter, class: 'warrior', characterAvatar: 'warrior1' },
    });
    expect(created.status()).toBe(201);
  }
  return name;
}

async function userIdOf(name: string): Promise<number> {
  const [row] = await game.database.db.select({ id: users.id }).from(users).where(eq(users.username, name));
  return row!.id;
}

function sent(actions: SentAction[], method: string, path: RegExp): SentAction[] {
  return actions.filter((a) => a.method === method && path.test(a.path));
}

describe('a double click acts once', () => {
  it('on Create Fighter, Buy in the equipment shop and List for Sale in the character list', async () => {
    const page = await game.newPage();
    const watch = await watchPage(page);
    const name = await newPlayer(page, 'twice');

    // Create Fighter.
    await page.goto('/characters');
    await page.getByTestId('character-name-input').fill('Echo Echo');
    await page.getByTestId('create-character-submit').dblclick();
    await page.getByTestId('character-card').waitFor();
    await page.waitForTimeout(SETTLE_MS);
    const creates = sent(watch.actions, 'POST', /^\/api\/characters$/);
    expect(creates).toHaveLength(1);
    expect(creates[0]!.key).toMatch(UUID);
    const mine = await (await page.context().request.get('/api/characters')).json();
    expect(mine).toHaveLength(1);

    // Buy a piece of gear: paid once, owned once.
    await page.goto('/equipment');
    await page.getByTestId('equipment-tab-marketplace').click();
    const buy = page.locator('[data-testid^="buy-button-"]:not([disabled])').first();
    await buy.waitFor();
    const itemId = (await buy.getAttribute('data-testid'))!.replace('buy-button-', '');
    const price = Number((await page.getByTestId(`market-price-${itemId}`).textContent())!.replace(/[^0-9]/g, ''));
    await buy.dblclick();
    await expect.poll(() => page.getByTestId('toast').textContent()).toContain('Equipment purchased successfully!');
    await page.waitForTimeout(SETTLE_MS);
    const buys = sent(watch.actions, 'POST', new RegExp(`^/api/equipment/${itemId}/buy$`));
    expect(buys).toHaveLength(1);
    expect(buys[0]!.key).toMatch(UUID);
    await expect.poll(() => navCredits(page)).toBe(2500 - price);
    const owned = await (await page.context().request.get(`/api/characters/${mine[0].id}/equipment`)).json();
    expect(owned).toHaveLength(1);

    // List for Sale from the character list (POST /api/marketplace).
    await page.goto('/characters');
    await page.getByTestId('character-sell').click();
    await page.getByTestId('sell-price-input').fill('700');
    await page.getByTestId('sell-confirm').dblclick();
    await expect.poll(() => page.getByTestId('for-sale-badge').textContent()).toContain('700');
    // The badge can show before the page has reported its toast (the report crosses to the test).
    await expect.poll(() => watch.toasts.map((t) => t.title)).toContain('Character Listed');
    await page.waitForTimeout(SETTLE_MS);
    const listings = sent(watch.actions, 'POST', /^\/api\/marketplace$/);
    expect(listings).toHaveLength(1);
    expect(listings[0]!.key).toMatch(UUID);

    // Each action had a key of its own; no red toast at any point.
    expect(new Set([creates[0]!.key, buys[0]!.key, listings[0]!.key]).size).toBe(3);
    const toasts = watch.toasts;
    expect(toasts.filter((t) => t.variant === 'destructive')).toEqual([]);
    expect(toasts.map((t) => t.title)).toEqual(
      expect.arrayContaining(['Character Created!', 'Equipment purchased successfully!', 'Character Listed']),
    );
    expect(await userIdOf(name)).toBeGreaterThan(0);
    expect(game.pageErrors).toEqual([]);
    await page.context().close();
  });

  it('on List for Sale in the character detail and on Buy in the marketplace', async () => {
    const seller = await game.newPage();
    const buyer = await game.newPage();
    const sellerWatch = await watchPage(seller);
    const buyerWatch = await watchPage(buyer);
    await newPlayer(seller, 'lister', 'Double Tap');
    await newPlayer(buyer, 'shopper');

    // The detail's Actions tab lists through POST /api/marketplace/sell.
    await seller.goto('/characters');
    await seller.getByTestId('character-details').click();
    await seller.getByRole('tab', { name: 'Actions' }).click();
    await seller.getByTestId('detail-price-input').fill('450');
    await seller.getByTestId('detail-list-submit').dblclick();
    await seller.getByTestId('detail-listed').waitFor();
    await seller.waitForTimeout(SETTLE_MS);
    expect(sent(sellerWatch.actions, 'POST', /^\/api\/marketplace\/sell$/)).toHaveLength(1);
    expect(sellerWatch.toasts.filter((t) => t.variant === 'destructive')).toEqual([]);

    // The buyer double-clicks the confirmation: bought once, no 'Purchase Failed' after.
    await buyer.goto('/marketplace');
    const card = buyer.locator('[data-testid="market-listing"]', { hasText: 'Double Tap' });
    await card.getByTestId('buy-button').click();
    await buyer.getByTestId('buy-confirm').dblclick();
    await expect.poll(() => buyer.getByTestId('toast').textContent()).toContain('Purchase Complete');
    await buyer.waitForTimeout(SETTLE_MS);
    const purchases = sent(buyerWatch.actions, 'POST', /^\/api\/marketplace\/buy$/);
    expect(purchases).toHaveLength(1);
    expect(purchases[0]!.key).toMatch(UUID);
    await expect.poll(() => navCredits(buyer)).toBe(2500 - 450);
    const toasts = buyerWatch.toasts;
    expect(toasts.filter((t) => t.variant === 'destructive')).toEqual([]);
    expect(game.pageErrors).toEqual([]);
    await seller.context().close();
    await buyer.context().close();
  });

  it("on an image set's Select and on Learn Skill", async () => {
    const page = await game.newPage();
    const watch = await watchPage(page);
    const name = await newPlayer(page, 'stylist', 'Neon Twin');
    await game.database.db.update(characters).set({ level: 2, skillPoints: 1 }).where(eq(characters.userId, await userIdOf(name)));

    await page.goto('/forge');
    await page.getByTestId('forge-tab-style').click();
    // A paid look asks first; the confirmation is what is double-clicked.
    await page.getByTestId('style-select-neon').click();
    await page.getByTestId('style-confirm-neon').dblclick();
    await page.getByTestId('style-current-neon').waitFor();
    await page.waitForTimeout(SETTLE_MS);
    const changes = sent(watch.actions, 'POST', /^\/api\/character\/change-image-set$/);
    expect(changes).toHaveLength(1);
    expect(changes[0]!.key).toMatch(UUID);
    await expect.poll(() => navCredits(page)).toBe(2000);

    await page.goto('/skills');
    const learn = page.locator('[data-testid^="skill-button-"]', { hasText: 'Learn Skill' }).first();
    await learn.dblclick();
    await expect.poll(() => page.getByTestId('progression-skills-learned').textContent()).toContain('1');
    await page.waitForTimeout(SETTLE_MS);
    const learns = sent(watch.actions, 'POST', /^\/api\/characters\/\d+\/learn-skill$/);
    expect(learns).toHaveLength(1);
    expect(learns[0]!.key).toMatch(UUID);

    const toasts = watch.toasts;
    expect(toasts.filter((t) => t.variant === 'destructive')).toEqual([]);
    expect(toasts.map((t) => t.title)).toEqual(expect.arrayContaining(['Image Set Changed!', 'Skill learned successfully!']));
    expect(game.pageErrors).toEqual([]);
    await page.context().close();
  });
});
