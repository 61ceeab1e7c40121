import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import type { QuestView } from '../src/common/quests';
import { characters } from '../src/server/db/schema';
import { PHONE, startGame, type Game } from './helpers/game';
import { createFighterThroughUi, registerThroughUi, uniquePlayerName } from './helpers/players';

let game: Game;
beforeAll(async () => {
  game = await startGame();
});
afterAll(async () => {
  await game?.close();
});

async function claimableCount(page: Page): Promise<number> {
  const quests = (await (await page.request.get('/api/quests')).json()) as QuestView[];
  return quests.filter((q) => !q.claimed && q.progress >= q.goal).length;
}

/** The number a badge shows ('1 quests to claim' reads 1), or null when there is none. */
async function badgeCount(page: Page, testId: string): Promise<number | null> {
  const badge = page.getByTestId(testId);
  if ((await badge.count()) === 0) return null;
  return Number((await badge.first().textContent())!.trim().split(/\s/)[0]);
}

describe('the nav badges', () => {
  it('point at a quest to claim and at points to spend on a wide screen, and go once claimed and spent', async () => {
    const page = await game.newPage();
    await registerThroughUi(page, uniquePlayerName('badge'));
    // No fighter, nothing finished: no badge.
    expect(await page.getByTestId('nav-quests-badge').count()).toBe(0);
    expect(await page.getByTestId('nav-points-badge').count()).toBe(0);

    const home = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Home/ });
    const sizes = async () => ({ entry: (await home.boundingBox())!.width, bar: (await page.getByRole('navigation', { name: 'Main' }).boundingBox())!.height });
    const unmarked = await sizes();

    // Creating a fighter finishes a first step: Home says a reward waits.
    await createFighterThroughUi(page, 'Badger');
    await page.goto('/');
    await expect.poll(() => claimableCount(page)).toBeGreaterThan(0);
    const waiting = await claimableCount(page);
    await expect.poll(() => badgeCount(page, 'nav-quests-badge')).toBe(waiting);
    // The badge sits on the entry's edge: arriving with its data, it neither widens the entry nor
    // wraps the bar (which would push the whole screen down).
    expect(await sizes()).toEqual(unmarked);
    expect(await home.getByTestId('nav-quests-badge').textContent()).toBe(`${waiting} ${waiting === 1 ? 'quest' : 'quests'} to claim`);

    // Claiming every finished quest takes the badge away.
    const claim = page.locator('[data-testid="quest"][data-state="claimable"]').getByTestId('quest-claim');
    for (let left = waiting; left > 0; left -= 1) {
      await expect.poll(() => claim.count()).toBe(left);
      await claim.first().click();
      await expect.poll(() => badgeCount(page, 'nav-quests-badge')).toBe(left - 1 === 0 ? null : left - 1);
    }
    expect(await claimableCount(page)).toBe(0);

    // Points to spend show on Equipment, where they are spent.
    await game.database.db.update(characters).set({ statPoints: 2, skillPoints: 0 }).where(eq(characters.name, 'Badger'));
    await page.goto('/equipment');
    await expect.poll(() => badgeCount(page, 'nav-points-badge')).toBe(2);
    const equipment = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Equipment/ });
    expect(await equipment.getByTestId('nav-points-badge').count()).toBe(1);
    await page.getByTestId('allocate-plus-attack').click();
    await page.getByTestId('allocate-plus-attack').click();
    await page.getByTestId('allocate-spend').click();
    await expect.poll(() => page.getByTestId('nav-points-badge').count()).toBe(0);
    expect(game.pageErrors).toEqual([]);
  });

  it('show in the phone drawer, with a mark on the menu button while anything waits', async () => {
    const page = await game.newPage(PHONE);
    await registerThroughUi(page, uniquePlayerName('drawer'));
    expect(await page.getByTestId('nav-menu-dot').count()).toBe(0);
    await createFighterThroughUi(page, 'Drawer Dan');
    await game.database.db.update(characters).set({ statPoints: 3, skillPoints: 1 }).where(eq(characters.name, 'Drawer Dan'));
    await page.goto('/');
    await expect.poll(() => page.getByTestId('nav-menu-dot').count()).toBe(1);
    expect(await page.getByRole('button', { name: /^Open menu/ }).getAttribute('aria-label')).toBe('Open menu (something waits for you)');

    await page.getByRole('button', { name: /^Open menu/ }).click();
    const drawer = page.getByRole('dialog');
    await drawer.waitFor();
    await expect.poll(() => badgeCount(page, 'nav-points-badge')).toBe(4);
    expect(await drawer.getByRole('link', { name: /^Equipment/ }).getByTestId('nav-points-badge').count()).toBe(1);
    // The quest badge's read comes after the first screen, apart from the points'.
    await expect.poll(() => drawer.getByRole('link', { name: /^Home/ }).getByTestId('nav-quests-badge').count()).toBe(1);
    // The arenas and ladder have their own entry, apart from the queue's.
    const arenas = drawer.getByRole('link', { name: 'Arenas' });
    expect(await arenas.getAttribute('href')).toBe('/arena');
    expect(await drawer.getByRole('link', { name: 'PvP Arena' }).getAttribute('href')).toBe('/pvp-arena');
    await arenas.click();
    await expect.poll(() => page.title()).toContain('Arenas');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Arenas');

    // Nothing left to claim or spend: the mark goes.
    await game.database.db.update(characters).set({ statPoints: 0, skillPoints: 0 }).where(eq(characters.name, 'Drawer Dan'));
    for (const q of ((await (await page.request.get('/api/quests')).json()) as QuestView[]).filter((x) => !x.claimed && x.progress >= x.goal)) {
      expect((await page.request.post(`/api/quests/${encodeURIComponent(q.id)}/claim`)).ok()).toBe(true);
    }
    await page.reload();
    await page.getByTestId('arena-fighter-name').waitFor();
    await expect.poll(() => page.getByTestId('nav-menu-dot').count()).toBe(0);
    expect(game.pageErrors).toEqual([]);
  });
});
