import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGame, type Game } from './helpers/game';
import { createFighterThroughUi, navCredits, registerThroughUi, uniquePlayerName } from './helpers/players';

let game: Game;
beforeAll(async () => {
  game = await startGame();
});
afterAll(async () => {
  await game?.close();
});

/** Plays whichever page has the turn until the battle ends; only that page sees the actions. */
async function fightToTheEnd(pages: Page[]): Promise<void> {
  for (let turn = 0; turn < 120; turn++) {
    const results = await Promise.all(pages.map((p) => p.getByTestId('pvp-result').count()));
    if (results.every((n) => n > 0)) return;
    for (const p of pages) {
      const mine = (await p.getByTestId('pvp-battle').getAttribute('data-my-turn').catch(() => null)) === 'true';
      const attack = p.getByTestId('pvp-move-attack');
      if (mine && (await attack.count()) > 0 && (await attack.isEnabled())) {
        await attack.click();
        await p.waitForTimeout(150);
      } else {
        expect(await attack.count()).toBe(0);
      }
    }
    await pages[0]!.waitForTimeout(100);
  }
  throw new Error('the battle did not end');
}

describe('PvP, queue variant', () => {
  it('two players queue, get matched, take turns and see the result with rewards', async () => {
    const a = await game.newPage();
    const b = await game.newPage();
    await registerThroughUi(a, uniquePlayerName('duelA'));
    await registerThroughUi(b, uniquePlayerName('duelB'));
    await createFighterThroughUi(a, 'Left Hook', 'warrior1', 'warrior');
    await createFighterThroughUi(b, 'Right Cross', 'berserker1', 'berserker');

    await a.goto('/pvp-arena');
    await b.goto('/pvp-arena');
    await a.getByTestId('pvp-join-queue').click();
    await expect.poll(() => a.getByTestId('pvp-phase').getAttribute('data-phase')).toBe('searching');
    await b.getByTestId('pvp-join-queue').click();
    await expect.poll(() => a.getByTestId('pvp-battle').count()).toBe(1);
    await expect.poll(() => b.getByTestId('pvp-battle').count()).toBe(1);

    // Exactly one of the two sees the actions.
    const turns = await Promise.all([a, b].map((p) => p.getByTestId('pvp-battle').getAttribute('data-my-turn')));
    expect([...turns].sort()).toEqual(['false', 'true']);

    await fightToTheEnd([a, b]);
    const outcomes = await Promise.all([a, b].map((p) => p.getByTestId('pvp-result').getAttribute('data-result')));
    expect([...outcomes].sort()).toEqual(['defeat', 'victory']);
    const winner = outcomes[0] === 'victory' ? a : b;
    await expect.poll(() => navCredits(winner)).toBeGreaterThan(2500);
    expect(await winner.getByTestId('pvp-rewards').textContent()).toMatch(/\d+/);
    expect(game.pageErrors).toEqual([]);
  });
});
