import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { duelToTheEnd } from './helpers/duel';
import { firstSeen, recordFirstSeen } from './helpers/first-seen';
import { PVP_TURN_MS } from '../src/common/constants';
import { pvpQueue } from '../src/server/db/schema-pvp';
import { startGame, type Game } from './helpers/game';
import { createFighterThroughUi, navCredits, registerThroughUi, uniquePlayerName } from './helpers/players';
import { countSounds, soundsPlayed } from './helpers/sounds';

let game: Game;
beforeAll(async () => {
  // SPEC's turn rule (30 s) is what these tests show on the lobby and the running timer.
  game = await startGame({ turnSeconds: PVP_TURN_MS / 1000 });
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
    // The result shows for 5 s before the lobby comes back: it is read as it first showed.
    for (const p of [a, b]) await recordFirstSeen(p, ['pvp-result']);
    await registerThroughUi(a, uniquePlayerName('duelA'));
    await registerThroughUi(b, uniquePlayerName('duelB'));
    await createFighterThroughUi(a, 'Left Hook', 'warrior1', 'warrior');
    await createFighterThroughUi(b, 'Right Cross', 'berserker1', 'berserker');

    await a.goto('/pvp-arena');
    await b.goto('/pvp-arena');
    // The turn length is the server's.
    await expect.poll(() => a.getByTestId('pvp-turn-rule').textContent()).toContain('Each turn lasts 30 seconds');
    await a.getByTestId('pvp-join-queue').click();
    await expect.poll(() => a.getByTestId('pvp-phase').getAttribute('data-phase')).toBe('searching');
    await b.getByTestId('pvp-join-queue').click();
    await expect.poll(() => a.getByTestId('pvp-battle').count()).toBe(1);
    await expect.poll(() => b.getByTestId('pvp-battle').count()).toBe(1);

    // Exactly one of the two sees the actions.
    const turns = await Promise.all([a, b].map((p) => p.getByTestId('pvp-battle').getAttribute('data-my-turn')));
    expect([...turns].sort()).toEqual(['false', 'true']);
    // Both fighters' ratings show, from the player's side.
    expect(await a.getByTestId('player-rating').textContent()).toMatch(/^PvP rating \d+ ± \d+$/);
    expect(await a.getByTestId('enemy-rating').textContent()).toMatch(/^PvP rating \d+ ± \d+$/);
    expect(await a.getByTestId('enemy-name').textContent()).toBe('Right Cross');
    expect(await b.getByTestId('enemy-name').textContent()).toBe('Left Hook');

    await fightToTheEnd([a, b]);
    const results = await Promise.all([a, b].map(async (p) => (await firstSeen(p, 'pvp-result'))!));
    const outcomes = results.map((r) => r.attributes['data-result']);
    expect([...outcomes].sort()).toEqual(['defeat', 'victory']);
    const won = outcomes[0] === 'victory' ? 0 : 1;
    expect(results[won]!.parts['pvp-rewards']?.text).toMatch(/^\+\d+ XP, \+\d+ credits$/);
    await expect.poll(() => navCredits([a, b][won]!)).toBeGreaterThan(2500);
    // Each result says how the rating moved and links to the replay.
    for (const result of results) {
      expect(result.parts['pvp-rating-change']?.text).toMatch(/^Rating \d+ → \d+ \([+−±]\d+\)$/);
      expect(result.parts['watch-replay']?.href).toMatch(/^\/replay\/\d+$/);
    }
    expect(game.pageErrors).toEqual([]);
  });
});

describe('PvP, real-time variant', () => {
  it('a search the page did not start shows the time already waited, not the time since the page opened', async () => {
    const page = await game.newPage();
    await registerThroughUi(page, uniquePlayerName('waited'));
    const fighter = (await (await page.context().request.post('/api/characters', { data: { name: 'Long Wait', class: 'tank', characterAvatar: 'tank1' } })).json()) as { id: number; userId: number };
    expect((await page.context().request.post('/api/pvp/join-queue', { data: { characterId: fighter.id } })).status()).toBe(200);
    // Joined 90 s ago (on the queue page, or before a reload).
    await game.database.db.update(pvpQueue).set({ joinedAt: new Date(Date.now() - 90_000) }).where(eq(pvpQueue.userId, fighter.userId));
    // Only the page's first status answers (later ones are held): the page must take the time
    // waited from it whether it answers before or after the socket says the search is on.
    let statuses = 0;
    await page.route('**/api/pvp/queue-status', async (route) => {
      statuses += 1;
      if (statuses === 1) await route.continue();
    });
    await page.goto('/pvp');
    const wait = page.getByTestId('real-pvp-wait');
    await expect.poll(async () => Number(/^Waited (\d+)s/.exec((await wait.textContent()) ?? '')?.[1] ?? -1)).toBeGreaterThanOrEqual(90);
    await page.getByTestId('real-pvp-cancel').click();
    expect(game.pageErrors).toEqual([]);
    await page.context().close();
  });

  it('two players find each other on /pvp, trade blows on a visible timer and see the result', async () => {
    const a = await game.newPage();
    const b = await game.newPage();
    // The turn timer is read as it first showed, not seconds of a busy machine later.
    await recordFirstSeen(a, ['real-pvp-timer']);
    await registerThroughUi(a, uniquePlayerName('rtA'));
    await registerThroughUi(b, uniquePlayerName('rtB'));
    await createFighterThroughUi(a, 'Live Wire', 'berserker1', 'berserker');
    await createFighterThroughUi(b, 'Hot Swap', 'assassin1', 'assassin');

    await countSounds(a);
    await a.goto('/pvp');
    await b.goto('/pvp');
    await expect.poll(() => a.getByTestId('real-pvp-find').isEnabled()).toBe(true);
    // Opening the page is not a lost connection.
    expect(await a.getByText('Connection Error').count()).toBe(0);
    await a.getByTestId('real-pvp-find').click();
    await expect.poll(() => a.getByTestId('real-pvp').getAttribute('data-phase')).toBe('searching');
    await expect.poll(() => a.getByTestId('real-pvp-position').textContent()).toContain('#1');
    await expect.poll(() => b.getByTestId('real-pvp-find').isEnabled()).toBe(true);
    await b.getByTestId('real-pvp-find').click();
    for (const p of [a, b]) await expect.poll(() => p.getByTestId('real-pvp').getAttribute('data-phase')).toBe('active');

    // One side has the turn; both see the other's name and a running 30 s timer.
    const mine = await Promise.all([a, b].map((p) => p.getByTestId('real-pvp-turn').getAttribute('data-mine')));
    expect([...mine].sort()).toEqual(['false', 'true']);
    expect(await a.getByTestId('enemy-name').textContent()).toBe('Hot Swap');
    expect(await b.getByTestId('enemy-name').textContent()).toBe('Live Wire');
    expect(await a.getByTestId('real-pvp-timer').isVisible()).toBe(true);
    const seconds = Number((await firstSeen(a, 'real-pvp-timer'))?.attributes['data-seconds']);
    expect(seconds).toBeGreaterThan(20);
    expect(seconds).toBeLessThanOrEqual(30);

    const soundsBefore = await soundsPlayed(a);
    await duelToTheEnd([a, b]);
    // Swings, hits and the closing jingle (sound is on by default).
    expect((await soundsPlayed(a)) - soundsBefore).toBeGreaterThan(3);
    const outcomes = await Promise.all([a, b].map((p) => p.getByTestId('real-pvp-result').getAttribute('data-result')));
    expect([...outcomes].sort()).toEqual(['defeat', 'victory']);
    const winner = outcomes[0] === 'victory' ? a : b;
    expect(await winner.getByTestId('real-pvp-rewards').textContent()).toMatch(/\+\d+ XP, \+\d+ credits/);
    expect(await winner.getByTestId('real-pvp-rating-change').textContent()).toMatch(/^Rating \d+ → \d+ \(\+\d+\)$/);
    expect(await winner.getByTestId('real-pvp-result').getByTestId('watch-replay').getAttribute('href')).toMatch(/^\/replay\/\d+$/);
    await expect.poll(() => navCredits(winner)).toBeGreaterThan(2500);
    expect(await a.getByTestId('real-pvp-log-line').count()).toBeGreaterThan(2);
    // Back in the lobby, the minute before the next duel shows, and Find Match waits for it.
    await winner.goto('/pvp');
    await winner.getByTestId('real-pvp-cooldown').waitFor();
    expect(await winner.getByTestId('real-pvp-cooldown-time').textContent()).toMatch(/^(1m 0s|\d+s)$/);
    expect(await winner.getByTestId('real-pvp-find').isDisabled()).toBe(true);
    expect(game.pageErrors).toEqual([]);
  }, 240_000);
});
