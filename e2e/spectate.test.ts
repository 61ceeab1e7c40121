import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { duelToTheEnd, fighterLog, findMatch, playerWithFighter, sameFightSeen, spectatorLog } from './helpers/duel';
import { PHONE, startGame, type Game } from './helpers/game';

let game: Game;
beforeAll(async () => {
  game = await startGame();
});
afterAll(async () => {
  await game?.close();
});

describe('watching a duel', () => {
  it('a third player finds the duel under Live now, watches it read-only, and the fighters see the count', async () => {
    const a = await playerWithFighter(await game.newPage(), 'spA', 'Glass Cannon', 'mage', 'mage1');
    const b = await playerWithFighter(await game.newPage(PHONE), 'spB', 'Iron Wall', 'tank', 'tank1');
    const eye = await playerWithFighter(await game.newPage(PHONE), 'spEye', 'Onlooker');
    for (const p of [a, b]) await p.goto('/pvp');
    await findMatch(a);
    await findMatch(b);
    for (const p of [a, b]) await expect.poll(() => p.getByTestId('real-pvp').getAttribute('data-phase')).toBe('active');
    expect(await a.getByTestId('spectator-count').getAttribute('data-count')).toBe('0');

    await eye.goto('/pvp');
    const live = eye.getByTestId('live-battle');
    await expect.poll(() => live.count()).toBeGreaterThan(0);
    expect(await live.first().textContent()).toContain('Glass Cannon');
    await live.first().getByTestId('live-watch').click();
    await expect.poll(() => new URL(eye.url()).search).toMatch(/^\?watch=\d+$/);
    await eye.getByTestId('spectator-panel').waitFor();
    expect([await eye.getByTestId('player-name').textContent(), await eye.getByTestId('enemy-name').textContent()].sort()).toEqual(['Glass Cannon', 'Iron Wall']);
    // Read-only: no action of any kind.
    for (const id of ['real-pvp-attack', 'pvp-forfeit', 'pvp-move-attack']) expect(await eye.getByTestId(id).count()).toBe(0);
    for (const p of [a, b]) await expect.poll(() => p.getByTestId('spectator-count').getAttribute('data-count')).toBe('1');

    await duelToTheEnd([a, b]);
    await eye.getByTestId('spectator-result').waitFor();
    // The watcher saw the fighter's fight, blow by blow.
    await sameFightSeen([() => fighterLog(a), () => spectatorLog(eye)]);
    const winner = (await a.getByTestId('real-pvp-result').getAttribute('data-result')) === 'victory' ? 'Glass Cannon' : 'Iron Wall';
    expect(await eye.getByTestId('spectator-result').textContent()).toBe(`${winner} wins!`);
    // The watcher gets the replay too.
    await eye.getByTestId('spectator-panel').getByTestId('watch-replay').click();
    await eye.getByTestId('replay-view').waitFor();
    expect(await eye.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(game.pageErrors).toEqual([]);
  }, 240_000);
});
