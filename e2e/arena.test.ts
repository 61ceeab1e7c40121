import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { duelToTheEnd, playerWithFighter } from './helpers/duel';
import { PHONE, startGame, type Game } from './helpers/game';

let game: Game;
beforeAll(async () => {
  game = await startGame();
});
afterAll(async () => {
  await game?.close();
});

describe('the PvP arenas are real', () => {
  it("'Join Arena' queues the fighter in that arena's range; the duel shows under Live now and on the PvP ladder", async () => {
    const a = await playerWithFighter(await game.newPage(), 'arA', 'Pit Rookie');
    const b = await playerWithFighter(await game.newPage(PHONE), 'arB', 'Sand Static', 'rogue', 'rogue1');
    const eye = await playerWithFighter(await game.newPage(), 'arEye', 'Crowd Member');

    for (const p of [a, b]) {
      await p.goto('/arena');
      // Level 1 fits the Training Grounds only; the others stay locked as before.
      expect(await p.getByTestId('arena-card-arena2').getByRole('button', { name: 'Level Requirement Not Met' }).isDisabled()).toBe(true);
      await p.getByTestId('arena-card-arena1').getByTestId('arena-join').click();
      await expect.poll(() => new URL(p.url()).search).toBe('?arena=arena1');
      // The first waits in the arena's queue, which its lobby names; the second is matched with
      // the first at once, and its lobby can give way to the duel before a look reads it.
      if (p === a) expect(await p.getByTestId('real-pvp-arena').textContent()).toContain('Training Grounds, Level 1-10');
    }
    for (const p of [a, b]) await expect.poll(() => p.getByTestId('real-pvp').getAttribute('data-phase')).toBe('active');

    await eye.goto('/arena');
    const live = eye.getByTestId('live-now').getByTestId('live-battle');
    await expect.poll(() => live.count()).toBe(1);
    expect(await live.textContent()).toMatch(/Pit Rookie.*Sand Static|Sand Static.*Pit Rookie/);

    await duelToTheEnd([a, b]);
    await eye.getByRole('tab', { name: 'Rankings' }).click();
    await eye.getByTestId('rankings-tab-pvp').click();
    const rows = eye.getByTestId('pvp-ranking-row');
    await expect.poll(() => rows.count()).toBe(2);
    for (let i = 0; i < 2; i++) {
      expect(await rows.nth(i).getByTestId('pvp-ranking-rating').textContent()).toMatch(/^\d+ ±\d+$/);
      expect(await rows.nth(i).getByTestId('pvp-ranking-record').textContent()).toMatch(/^(1\/0|0\/1)$/);
    }
    expect(await eye.getByTestId('pvp-season').textContent()).toMatch(/^Season \d{4}-\d{2}/);
    expect(game.pageErrors).toEqual([]);
  }, 240_000);
});
