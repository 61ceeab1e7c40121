import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/server/db/schema';
import { EQUIPMENT_SETS } from '../src/server/domain/forge-sets';
import { grantMaterials } from '../src/server/services/forge';
import { startGame, type Game } from './helpers/game';
import { createFighterThroughUi, registerThroughUi, uniquePlayerName } from './helpers/players';

let game: Game;
beforeAll(async () => {
  game = await startGame();
});
afterAll(async () => {
  await game?.close();
});

describe('the forge', () => {
  it('shows each set card with the materials held of those needed, and forges only once they are in hand', async () => {
    const page = await game.newPage();
    const name = uniquePlayerName('mats');
    await registerThroughUi(page, name);
    await createFighterThroughUi(page, 'Mat Counter');
    const set = EQUIPMENT_SETS.void_walker;
    const needs = Object.entries(set.requiredMaterials).filter(([, n]) => (n ?? 0) > 0) as [string, number][];
    expect(needs.length).toBeGreaterThan(0);

    await page.goto('/forge');
    const card = page.getByTestId('set-option-void_walker');
    await card.waitFor();
    // Nothing held yet: every material reads 0 of what one piece needs.
    await expect.poll(() => card.getByTestId('set-materials').getAttribute('data-ready')).toBe('false');
    for (const [id, need] of needs) {
      const row = card.getByTestId(`set-material-${id}`);
      expect((await row.textContent())!.replace(/\s+/g, '')).toMatch(new RegExp(`0/${need}$`));
      expect(await row.getAttribute('data-enough')).toBe('false');
    }
    const total = needs.reduce((s, [, n]) => s + n, 0);
    expect(await card.getByTestId('set-materials-status').textContent()).toBe(`0/${total} held`);

    // Forge pressed before choosing says so; choosing a set and a slot takes that back.
    await page.getByTestId('forge-button').click();
    await expect.poll(() => page.getByTestId('toast-title').textContent()).toBe('Invalid Selection');
    // Its 5 s are paused (as while the window is in the background), so only the choice can close it.
    await page.evaluate(() => window.dispatchEvent(new Event('blur')));
    // Chosen, the set cannot be forged yet, and the button says why.
    await card.click();
    await page.getByTestId('slot-option-boots').click();
    await expect.poll(() => page.getByTestId('toast').count()).toBe(0);
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect.poll(() => page.getByTestId('forge-button').isDisabled()).toBe(true);
    const reason = await page.getByTestId('forge-short').textContent();
    expect(reason).toMatch(/^Missing .*0\/\d+.*\. Win PvE battles to find more\.$/);
    expect(await page.getByTestId('forge-button').getAttribute('aria-describedby')).toBe('forge-block-reason');

    // With the materials in hand, the card says so and the button forges.
    const [row] = await game.database.db.select({ id: users.id }).from(users).where(eq(users.username, name));
    await game.database.db.transaction((tx) => grantMaterials(tx, row!.id, needs.map(([materialId, amount]) => ({ materialId, amount }) as never)));
    await page.reload();
    await expect.poll(() => card.getByTestId('set-materials').getAttribute('data-ready')).toBe('true');
    expect(await card.getByTestId('set-materials-status').textContent()).toBe('Ready to forge');
    await card.click();
    await page.getByTestId('slot-option-boots').click();
    await expect.poll(() => page.getByTestId('forge-button').isEnabled()).toBe(true);
    expect(await page.getByTestId('forge-short').count()).toBe(0);
    await page.getByTestId('forge-button').click();
    await expect.poll(() => page.getByTestId('toast-title').last().textContent()).toMatch(/Forging (Success!|Failed)/);
    // The materials were spent: back to short, and waiting again.
    await expect.poll(() => page.getByTestId('forge-button').isDisabled()).toBe(true);
    await expect.poll(() => card.getByTestId('set-materials').getAttribute('data-ready')).toBe('false');
    expect(game.pageErrors).toEqual([]);
  });
});
