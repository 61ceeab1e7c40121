import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { duelToTheEnd, findMatch, playerWithFighter } from './helpers/duel';
import { startGame, type Game } from './helpers/game';

let game: Game;
beforeAll(async () => {
  game = await startGame();
});
afterAll(async () => {
  await game?.close();
});

/** The queue page: presses Attack whenever it is the player's turn until the result shows. */
async function fightGhost(page: Page): Promise<void> {
  for (let turn = 0; turn < 200 && (await page.getByTestId('pvp-result').count()) === 0; turn++) {
    const attack = page.getByTestId('pvp-move-attack');
    await expect.poll(async () => (await attack.count()) > 0 || (await page.getByTestId('pvp-result').count()) > 0, { timeout: 10_000 }).toBe(true);
    if ((await attack.count()) > 0 && (await attack.isEnabled())) {
      await attack.click();
      await expect.poll(async () => (await attack.count()) === 0 || (await page.getByTestId('pvp-result').count()) > 0).toBe(true);
    }
  }
}

describe('ghosts', () => {
  it('a player alone for 20 s is offered the ghost of a real fighter on both pages: half rewards, no rating change', async () => {
    // Real fighters a ghost can copy.
    await playerWithFighter(await game.newPage(), 'ghA', 'Old Echo', 'rogue', 'rogue1');
    const onQueue = await playerWithFighter(await game.newPage(), 'ghQ', 'Lone Queue');
    const onDuel = await playerWithFighter(await game.newPage(), 'ghD', 'Lone Duel', 'mage', 'mage2');
    await onQueue.goto('/pvp-arena');
    await expect.poll(() => onQueue.getByTestId('pvp-socket-status').getAttribute('data-status')).toBe('online');
    await onQueue.getByTestId('pvp-join-queue').click();
    await onDuel.goto('/pvp');
    await findMatch(onDuel);

    // The server offers a ghost after 20 s alone; each page shows it by name and takes it.
    for (const page of [onQueue, onDuel]) {
      const offer = page.getByTestId('ghost-offer');
      await offer.waitFor({ timeout: 40_000 });
      const name = (await offer.getByTestId('ghost-name').textContent())!;
      expect(name).toMatch(/^Ghost of .+/);
      await offer.getByTestId('ghost-accept').click();
      await expect.poll(() => page.getByTestId('enemy-name').textContent()).toBe(name);
      expect(await page.getByTestId('enemy-caption').textContent()).toMatch(/Ghost$/);
    }
    expect(await onQueue.getByTestId('pvp-ghost-badge').textContent()).toContain('half rewards');

    await Promise.all([fightGhost(onQueue), duelToTheEnd([onDuel])]);
    for (const [page, prefix] of [[onQueue, 'pvp'], [onDuel, 'real-pvp']] as const) {
      const result = page.getByTestId(`${prefix}-result`);
      await result.waitFor();
      expect(await result.textContent()).toContain('A ghost battle pays half and moves no rating.');
      expect(await page.getByTestId(`${prefix}-rating-change`).count()).toBe(0);
    }
    expect(game.pageErrors).toEqual([]);
  }, 150_000);
});
