import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { duelToTheEnd, findMatch, playerWithFighter } from './helpers/duel';
import { PHONE, startGame, type Game } from './helpers/game';

let game: Game;
beforeAll(async () => {
  game = await startGame();
});
afterAll(async () => {
  await game?.close();
});

/**
 * What a page's result banner says the moment it shows, and how many rating changes it shows,
 * read inside the page: the queue page clears a battle 5 s after its end (SPEC §4), so a look
 * from the test after the other page's duel could come too late.
 */
function resultSeen(page: Page, prefix: string): Promise<{ text: string; ratingChanges: number }> {
  return page
    .waitForFunction(
      (p) => {
        const result = document.querySelector(`[data-testid="${p}-result"]`);
        return result ? { text: result.textContent ?? '', ratingChanges: document.querySelectorAll(`[data-testid="${p}-rating-change"]`).length } : null;
      },
      prefix,
      { polling: 50, timeout: 0 },
    )
    .then(async (handle) => (await handle.jsonValue())!);
}

/** The queue page: presses Attack whenever it is the player's turn until the result has shown. */
async function fightGhost(page: Page, ended: Promise<unknown>): Promise<void> {
  let over = false;
  void ended.then(() => (over = true));
  const attack = page.getByTestId('pvp-move-attack');
  while (!over) {
    await expect.poll(async () => over || (await attack.count()) > 0).toBe(true);
    if (!over && (await attack.isEnabled({ timeout: 1000 }).catch(() => false))) {
      // A ghost answers at once: Attack can be back before a look sees it gone, so the turn
      // count is what says the blow went through.
      const turn = page.getByTestId('pvp-turn-count');
      const before = await turn.textContent({ timeout: 1000 }).catch(() => null);
      // (The battle can end meanwhile and take Attack away: the loop then stops.)
      await attack.click({ timeout: 30_000 }).catch(() => undefined);
      await expect.poll(async () => over || (await attack.count()) === 0 || (await turn.textContent({ timeout: 1000 }).catch(() => null)) !== before).toBe(true);
    }
  }
}

describe('ghosts', () => {
  it('a player alone for 20 s is offered the ghost of a real fighter on both pages: half rewards, no rating change', async () => {
    // Real fighters a ghost can copy.
    await playerWithFighter(await game.newPage(), 'ghA', 'Old Echo', 'rogue', 'rogue1');
    const onQueue = await playerWithFighter(await game.newPage(), 'ghQ', 'Lone Queue');
    // The real-time page on a phone: the offer comes below the search, off the screen.
    const onDuel = await playerWithFighter(await game.newPage(PHONE), 'ghD', 'Lone Duel', 'mage', 'mage2');
    await onQueue.goto('/pvp-arena');
    await expect.poll(() => onQueue.getByTestId('pvp-socket-status').getAttribute('data-status')).toBe('online');
    await onQueue.getByTestId('pvp-join-queue').click();
    await onDuel.goto('/pvp');
    await findMatch(onDuel);

    // The server offers a ghost after 20 s alone; each page shows it by name and takes it.
    for (const page of [onQueue, onDuel]) {
      const offer = page.getByTestId('ghost-offer');
      await offer.waitFor({ timeout: 40_000 });
      // Brought into view when it comes.
      await expect.poll(() => offer.evaluate((el) => el.getBoundingClientRect().top >= 0 && el.getBoundingClientRect().bottom <= window.innerHeight)).toBe(true);
      const name = (await offer.getByTestId('ghost-name').textContent())!;
      expect(name).toMatch(/^Ghost of .+/);
      await offer.getByTestId('ghost-accept').click();
      await expect.poll(() => page.getByTestId('enemy-name').textContent()).toBe(name);
      expect(await page.getByTestId('enemy-caption').textContent()).toMatch(/Ghost$/);
    }
    expect(await onQueue.getByTestId('pvp-ghost-badge').textContent()).toContain('half rewards');

    const queueResult = resultSeen(onQueue, 'pvp');
    const duelResult = resultSeen(onDuel, 'real-pvp');
    await Promise.all([fightGhost(onQueue, queueResult), duelToTheEnd([onDuel])]);
    for (const seen of [await queueResult, await duelResult]) {
      expect(seen.text).toContain('A ghost battle pays half and moves no rating.');
      expect(seen.ratingChanges).toBe(0);
    }
    expect(game.pageErrors).toEqual([]);
  }, 240_000);
});
