import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { FRIENDLY_DUEL_TEXT } from '../src/client/entities/battle/pvp-outcome';
import { characters } from '../src/server/db/schema';
import { atRest, overlap } from './helpers/boxes';
import { duelToTheEnd } from './helpers/duel';
import { consoleErrors, startGame, type Game } from './helpers/game';
import { navCredits, registerThroughUi, uniquePlayerName } from './helpers/players';

/** Play with people you know (issue 25): friends, a direct challenge played to the end, and a live sale notification. */

let game: Game;
beforeAll(async () => {
  game = await startGame();
});
afterAll(async () => {
  await game?.close();
});

/**
 * The whole card is in sight at the bottom of the window, its heading too: held inside the sticky
 * header (whose blur makes it the box of fixed elements) it hung above the window.
 */
async function expectInSight(page: Page, testId: string): Promise<void> {
  const viewport = page.viewportSize()!;
  const card = (await page.getByTestId(testId).boundingBox())!;
  expect(card.y).toBeGreaterThanOrEqual(0);
  expect(card.y + card.height).toBeLessThanOrEqual(viewport.height);
  expect(card.y + card.height).toBeGreaterThan(viewport.height / 2);
}

describe('friends, challenges and notifications', () => {
  it('two players become friends, one challenges the other, and they duel to the end', async () => {
    const a = await game.newPage();
    const b = await game.newPage();
    const nameA = uniquePlayerName('pal').slice(0, 20);
    const nameB = uniquePlayerName('bud').slice(0, 20);
    await registerThroughUi(a, nameA);
    await registerThroughUi(b, nameB);
    const palBlade = (await (await a.context().request.post('/api/characters', { data: { name: 'Pal Blade', class: 'warrior', characterAvatar: 'warrior1' } })).json()) as { id: number };
    await b.context().request.post('/api/characters', { data: { name: 'Bud Fist', class: 'berserker', characterAvatar: 'berserker1' } });

    // A asks by username on the Friends screen (from the nav).
    await a.getByRole('link', { name: 'Friends' }).click();
    await a.getByTestId('friend-add-name').fill(nameB);
    await a.getByTestId('friend-add').click();
    await expect.poll(() => a.getByTestId('friend-outgoing').textContent()).toContain(nameB);

    // B hears of it on the bell, and accepts on the Friends screen.
    await expect.poll(() => b.getByTestId('nav-bell-count').textContent().catch(() => null)).not.toBeNull();
    await b.getByTestId('nav-bell').click();
    await expect.poll(() => b.getByTestId('notification-panel').textContent()).toContain(`${nameA} sent you a friend request.`);
    await b.getByTestId('notification').filter({ hasText: 'friend request' }).click();
    await expect.poll(() => new URL(b.url()).pathname).toBe('/friends');
    await b.getByTestId('friend-accept').click();
    await expect.poll(() => b.getByTestId('friend-list').textContent()).toContain(nameA);

    // A stranger's request, declined: the toast says whose and what became of it.
    const stranger = await game.newPage();
    const nameC = uniquePlayerName('odd').slice(0, 20);
    expect((await stranger.context().request.post('/api/register', { data: { username: nameC, password: 'glitch-pass' } })).status()).toBe(201);
    expect((await stranger.context().request.post('/api/friends/requests', { data: { username: nameB } })).status()).toBe(201);
    await b.getByRole('button', { name: `Decline the request from ${nameC}` }).click();
    await expect.poll(() => b.getByTestId('toast').allTextContents()).toContainEqual(expect.stringContaining(`Request from ${nameC} declined`));
    await expect.poll(() => b.getByTestId('friend-incoming').count()).toBe(0);
    await stranger.context().close();

    // B's tab cannot fetch the challenge card's code (as after a deploy replaced it): B is still
    // told, with Reload, and the frame stays. A withdraws; the next challenge loads the card.
    const cardCode = /\/assets\/challenge-prompt-[^/]+\.js$/;
    await b.route(cardCode, (route) => route.abort());
    const first = (await (await a.context().request.post('/api/challenges', { data: { username: nameB, characterId: palBlade.id } })).json()) as { id: number };
    await b.getByTestId('challenge-prompt-failed').waitFor();
    expect(await b.getByTestId('challenge-prompt-failed').textContent()).toContain('A duel challenge arrived');
    await expectInSight(b, 'challenge-prompt-failed');
    expect(await b.getByTestId('nav-welcome').isVisible()).toBe(true);
    expect((await a.context().request.post(`/api/challenges/${first.id}/decline`)).status()).toBe(200);
    await b.getByTestId('challenge-prompt-failed').waitFor({ state: 'detached' });
    await b.unroute(cardCode);

    // A sees B online and challenges from B's card.
    await a.reload();
    await expect.poll(() => a.getByTestId('friend').first().getAttribute('data-online')).toBe('true');
    // Online with a fighter: the list itself offers the challenge.
    await a.getByTestId('friend').first().getByTestId('challenge-button').waitFor();
    await a.getByTestId('friend-name').first().click();
    await expect.poll(() => a.getByTestId('friend-card-level').textContent()).toBe('1');
    // Report or block is on the card too.
    expect(await a.getByTestId('friend-card').getByTestId('friend-report').count()).toBe(1);
    await a.getByTestId('friend-card').getByTestId('challenge-button').click();
    await expect.poll(() => new URL(a.url()).pathname).toBe('/pvp');
    // The lobby waits for the answer, with the time left, and holds the search meanwhile.
    await a.getByTestId('sent-challenge').waitFor();
    expect(await a.getByTestId('sent-challenge').textContent()).toContain(`${nameB} has`);
    await expect.poll(() => a.getByTestId('real-pvp-find').isDisabled()).toBe(true);
    // Another tab of A's shows the same wait (the server's status says it, not the tab that sent it).
    const aAgain = await a.context().newPage();
    await aAgain.goto('/pvp');
    await aAgain.getByTestId('sent-challenge').waitFor();
    await expect.poll(() => aAgain.getByTestId('real-pvp-find').isDisabled()).toBe(true);
    await aAgain.close();

    // B gets the challenge wherever they are (its card's code comes with it) and declines it: the
    // card goes, and A is told, and may search again. A challenges again.
    await b.getByTestId('challenge-prompt').waitFor();
    await expectInSight(b, 'challenge-prompt');
    // Not typing: the keyboard goes to the answer; Escape gives it back, the card stays.
    const focused = () => b.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);
    await expect.poll(focused).toBe('challenge-accept');
    await b.keyboard.press('Escape');
    await expect.poll(() => b.evaluate(() => document.activeElement?.closest('[data-testid="challenge-prompt"]') === null)).toBe(true);
    expect(await b.getByTestId('challenge-prompt').count()).toBe(1);
    await b.getByTestId('challenge-decline').click();
    await b.getByTestId('challenge-prompt').waitFor({ state: 'detached' });
    await expect.poll(() => a.getByTestId('toast').allTextContents()).toEqual([expect.stringMatching(new RegExp(`Challenge Declined.*${nameB} declined your challenge\\.`))]);
    await a.getByTestId('sent-challenge').waitFor({ state: 'detached' });
    await expect.poll(() => a.getByTestId('real-pvp-find').isEnabled()).toBe(true);
    // A challenge withdrawn from the lobby: B's card goes, and A may search.
    await a.goto('/friends');
    await a.getByTestId('friend-name').first().click();
    // Typing: a challenge arriving leaves the keyboard where it is.
    await b.getByTestId('friend-add-name').fill('half a na');
    await a.getByTestId('friend-card').getByTestId('challenge-button').click();
    await b.getByTestId('challenge-prompt').waitFor();
    expect(await focused()).toBe('friend-add-name');
    await b.getByTestId('friend-add-name').fill('');
    await a.getByTestId('sent-challenge-withdraw').click();
    await b.getByTestId('challenge-prompt').waitFor({ state: 'detached' });
    await a.getByTestId('sent-challenge').waitFor({ state: 'detached' });
    await expect.poll(() => a.getByTestId('real-pvp-find').isEnabled()).toBe(true);
    await a.goto('/friends');
    await a.getByTestId('friend-name').first().click();
    await a.getByTestId('friend-card').getByTestId('challenge-button').click();
    await expect.poll(() => new URL(a.url()).pathname).toBe('/pvp');
    // A does not wait in the lobby: when the duel starts, A is taken back to it and told.
    await a.getByRole('link', { name: 'Friends', exact: true }).first().click();
    await expect.poll(() => new URL(a.url()).pathname).toBe('/friends');

    // B accepts the second, and both fight on /pvp.
    await b.getByTestId('challenge-prompt').waitFor();
    expect(await b.getByTestId('challenge-prompt').textContent()).toContain(`${nameA} challenges you with Pal Blade`);
    // B reloads while it waits: the card comes back with the page.
    await b.reload();
    await b.getByTestId('challenge-prompt').waitFor();
    expect(await b.getByTestId('challenge-prompt').textContent()).toContain(`${nameA} challenges you with Pal Blade`);
    // A toast meanwhile (a request to nobody) shows at the top, not over the card's buttons.
    await b.getByTestId('friend-add-name').fill('nobody_by_that_name');
    await b.getByTestId('friend-add').click();
    await b.getByTestId('toast').waitFor();
    // Measured where it comes to rest (it slides in).
    await atRest(b.getByTestId('toast'));
    const toastBox = (await b.getByTestId('toast').boundingBox())!;
    for (const button of ['challenge-accept', 'challenge-decline']) {
      await b.getByTestId(button).waitFor();
      expect(overlap(toastBox, (await b.getByTestId(button).boundingBox())!), button).toBe(false);
    }
    await b.getByTestId('challenge-accept').click();
    await expect.poll(() => new URL(b.url()).pathname).toBe('/pvp');
    await expect.poll(() => new URL(a.url()).pathname).toBe('/pvp');
    await expect.poll(() => a.getByTestId('toast').textContent()).toContain(`Your duel against ${nameB} is on.`);
    const creditsBefore = [await navCredits(a), await navCredits(b)];
    await duelToTheEnd([a, b]);
    // Unrated and unpaid: friends cannot farm each other, and the result says so instead of '+0 XP'.
    for (const page of [a, b]) {
      expect(await page.getByTestId('real-pvp-result').count()).toBe(1);
      expect(await page.getByTestId('real-pvp-friendly').textContent()).toBe(FRIENDLY_DUEL_TEXT);
      expect(await page.getByTestId('real-pvp-rewards').count()).toBe(0);
    }
    // Rematch: counted down while both fighters rest after the duel (the server would refuse it)...
    const rematch = a.getByTestId('real-pvp-rematch');
    await expect.poll(() => rematch.textContent()).toMatch(/^Rematch in \d+s$/);
    expect(await rematch.isDisabled()).toBe(true);
    // ...then a challenge to the same opponent. The rest is a minute: the server's is moved back
    // and the page's clock on, instead of waited for.
    const fighters = [palBlade.id, (await (await b.context().request.get('/api/characters')).json())[0].id as number];
    await game.database.db.update(characters).set({ lastPvpBattleAt: new Date(Date.now() - 61_000) }).where(inArray(characters.id, fighters));
    await a.clock.install();
    await a.clock.fastForward(61_000);
    await expect.poll(() => rematch.textContent()).toBe('Rematch');
    // Back to the server's time, so the challenge's 60 s read as such.
    await a.clock.setSystemTime(new Date());
    await rematch.click();
    await expect.poll(() => a.getByTestId('toast').allTextContents()).toContainEqual(expect.stringContaining(`${nameB} has 60 seconds to accept`));
    await expect.poll(() => b.getByTestId('challenge-prompt').textContent()).toContain(`${nameA} challenges you with Pal Blade`);
    // The result gave way to the lobby's wait for the answer; B accepts, and the second duel
    // starts with no 'Challenge Sent' left over the top bar.
    await a.getByTestId('sent-challenge').waitFor();
    // Read in the page as the duel shows, however long the test takes to look.
    const sentToastAtStart = a.evaluate(
      () =>
        new Promise<boolean>((resolve) => {
          const observer = new MutationObserver(() => {
            const phase = document.querySelector('[data-testid="real-pvp"]')?.getAttribute('data-phase');
            if (phase !== 'waiting' && phase !== 'active') return;
            observer.disconnect();
            resolve([...document.querySelectorAll('[data-testid="toast"][data-state="open"]')].some((t) => t.textContent?.includes('Challenge Sent')));
          });
          observer.observe(document, { subtree: true, childList: true, attributes: true });
        }),
    );
    await b.getByTestId('challenge-accept').click();
    expect(await sentToastAtStart).toBe(false);
    await duelToTheEnd([a, b]);
    await a.reload();
    await b.reload();
    await a.getByTestId('nav-credits').waitFor();
    await b.getByTestId('nav-credits').waitFor();
    expect([await navCredits(a), await navCredits(b)]).toEqual(creditsBefore);

    // A blocks B from B's card. The block ends the friendship: the card closes, the keyboard lands
    // on the screen's heading (B's row, where the card opened from, goes), and each leaves the
    // other's list, B's live.
    await a.goto('/friends');
    await b.goto('/friends');
    await b.getByTestId('friend-name').first().waitFor();
    await a.getByTestId('friend-name').first().click();
    await a.getByTestId('friend-card').getByTestId('friend-report').click();
    const logged = consoleErrors(a);
    await a.getByTestId('block-player').click();
    await expect.poll(() => a.getByTestId('toast').allTextContents()).toContainEqual(expect.stringContaining(`${nameB} is blocked and no longer your friend`));
    await a.getByTestId('friend-card').waitFor({ state: 'detached' });
    await expect.poll(() => a.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    await expect.poll(() => a.getByTestId('friend-name').count()).toBe(0);
    await expect.poll(() => b.getByTestId('friend-name').count()).toBe(0);
    // The lost friend's card is not asked for again (it would answer 404).
    await a.waitForLoadState('networkidle');
    expect(logged).toEqual([]);
    expect(game.pageErrors).toEqual([]);
  });

  it('the seller of a listing gets the notification live, with the new balance in the nav', async () => {
    const seller = await game.newPage();
    const buyer = await game.newPage();
    await registerThroughUi(seller, uniquePlayerName('sell').slice(0, 20));
    await registerThroughUi(buyer, uniquePlayerName('buy').slice(0, 20));
    const character = await (await seller.context().request.post('/api/characters', { data: { name: 'Sold Soul', class: 'mage', characterAvatar: 'mage1' } })).json();
    const listing = await (await seller.context().request.post('/api/marketplace/sell', { data: { characterId: character.id, price: 800 } })).json();
    await seller.goto('/characters');
    await seller.getByTestId('character-card').waitFor();
    // Bought once the seller's tab has a socket that will hear of it (the Characters screen holds none: the bell's own).
    await expect.poll(() => seller.getByTestId('nav-bell').getAttribute('data-live')).toBe('true');
    const unreadBefore = Number((await seller.getByTestId('nav-bell-count').textContent().catch(() => '0')) ?? '0');
    await buyer.context().request.post('/api/marketplace/buy', { data: { listingId: listing.id } });
    await expect.poll(() => seller.getByTestId('nav-bell-count').textContent().catch(() => '0')).toBe(String(unreadBefore + 1));
    await expect.poll(() => navCredits(seller)).toBe(2500 + 760);
    // The character list refreshed too: the sold fighter is gone.
    await expect.poll(() => seller.getByTestId('character-card').count()).toBe(0);
    await seller.getByTestId('nav-bell').click();
    expect(await seller.getByTestId('notification').first().textContent()).toContain('Sold Soul sold for 800 credits; you received 760 credits after the market fee. Your balance is now 3,260 credits.');
    expect(game.pageErrors).toEqual([]);
  });
});
