import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGame, type Game } from './helpers/game';
import { navCredits, uniquePlayerName } from './helpers/players';

/** A PvP battle that ends before both players moved pays nothing, and both pages say so. */

let game: Game;
beforeAll(async () => {
  game = await startGame();
});
afterAll(async () => {
  await game?.close();
});

const NO_CONTEST = 'No contest: the battle ended before both players moved. No rewards.';

async function playerWithFighter(prefix: string, fighter: string): Promise<Page> {
  const page = await game.newPage();
  const request = page.context().request;
  await request.post('/api/register', { data: { username: uniquePlayerName(prefix).slice(0, 20), password: 'glitch-pass' } });
  await request.post('/api/characters', { data: { name: fighter, class: 'warrior', characterAvatar: 'warrior1' } });
  return page;
}

async function forfeitAtOnce(page: Page): Promise<void> {
  await page.getByTestId('pvp-forfeit').click();
  await page.getByTestId('pvp-forfeit-confirm').click();
}

describe('no contest', () => {
  it('on /pvp-arena: a forfeit before both moved shows no victory, defeat or rewards', async () => {
    const [a, b] = await Promise.all([playerWithFighter('ncA', 'Quick Quit'), playerWithFighter('ncB', 'Still Here')]);
    for (const p of [a, b]) {
      await p.goto('/pvp-arena');
      await expect.poll(() => p.getByTestId('pvp-socket-status').getAttribute('data-status')).toBe('online');
      await p.getByTestId('pvp-join-queue').click();
      await expect.poll(() => p.getByTestId('pvp-phase').getAttribute('data-phase')).not.toBe('joining');
    }
    for (const p of [a, b]) await p.getByTestId('pvp-battle').waitFor();

    await forfeitAtOnce(a);
    for (const p of [a, b]) {
      const result = p.getByTestId('pvp-result');
      await expect.poll(() => result.getAttribute('data-result')).toBe('no-contest');
      expect(await p.getByTestId('pvp-no-contest').textContent()).toBe(NO_CONTEST);
      expect(await result.textContent()).not.toMatch(/Victory|Defeat|XP|credits/);
      expect(await p.getByTestId('pvp-rewards').count()).toBe(0);
      await expect.poll(() => navCredits(p)).toBe(2500);
    }
    expect(game.pageErrors).toEqual([]);
  });

  it('on /pvp: the same, in the result and the duel log', async () => {
    const [a, b] = await Promise.all([playerWithFighter('rtA', 'Cold Feet'), playerWithFighter('rtB', 'Warm Up')]);
    for (const p of [a, b]) {
      await p.goto('/pvp');
      await expect.poll(() => p.getByTestId('real-pvp-find').isEnabled()).toBe(true);
      await p.getByTestId('real-pvp-find').click();
      await expect.poll(() => p.getByTestId('real-pvp').getAttribute('data-phase')).not.toBe('joining');
    }
    for (const p of [a, b]) await expect.poll(() => p.getByTestId('real-pvp').getAttribute('data-phase')).toBe('active');

    await forfeitAtOnce(b);
    for (const p of [a, b]) {
      const result = p.getByTestId('real-pvp-result');
      await expect.poll(() => result.getAttribute('data-result')).toBe('no-contest');
      expect(await p.getByTestId('real-pvp-no-contest').textContent()).toBe(NO_CONTEST);
      expect(await result.textContent()).not.toMatch(/Victory|Defeat|XP/);
      expect(await p.getByTestId('real-pvp-rewards').count()).toBe(0);
      expect(await p.getByTestId('real-pvp-log-line').last().textContent()).toBe(NO_CONTEST);
      await expect.poll(() => navCredits(p)).toBe(2500);
    }
    // Its replay tells it the same way, not as a win on the forfeit.
    await a.getByTestId('real-pvp-result').getByTestId('watch-replay').click();
    await a.getByTestId('replay-result').waitFor();
    expect(await a.getByTestId('replay-result').textContent()).toBe(NO_CONTEST);
    expect(game.pageErrors).toEqual([]);
  });
});
