import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { atRest, overlap } from './helpers/boxes';
import { duelToTheEnd } from './helpers/duel';
import { startGame, type Game } from './helpers/game';
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
    await b.getByTestId('challenge-decline').click();
    await b.getByTestId('challenge-prompt').waitFor({ state: 'detached' });
    await expect.poll(() => a.getByTestId('toast').allTextContents()).toEqual([expect.stringContaining('Challenge Declined')]);
    await a.getByTestId('sent-challenge').waitFor({ state: 'detached' });
    await expect.poll(() => a.getByTestId('real-pvp-find').isEnabled()).toBe(true);
    // A challenge withdrawn from the lobby: B's card goes, and A may search.
    await a.goto('/friends');
    await a.getByTestId('friend-name').first().click();
    await a.getByTestId('friend-card').getByTestId('challenge-button').click();
    await b.getByTestId('challenge-prompt').waitFor();
    await a.getByTestId('sent-challenge-withdraw').click();
    await b.getByTestId('challenge-prompt').waitFor({ state: 'detached' });
    await a.getByTestId('sent-challenge').waitFor({ state: 'detached' });
    await expect.poll(() => a.getByTestId('real-pvp-find').isEnabled()).toBe(true);
    await a.goto('/friends');
    await a.getByTestId('friend-name').first().click();
    await a.getByTestId('friend-card').getByTestId('challenge-button').click();
    await expect.poll(() => new URL(a.url()).pathname).toBe('/pvp');

    // B accepts the second, and both fight on /pvp.
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
    const creditsBefore = [await navCredits(a), await navCredits(b)];
    await duelToTheEnd([a, b]);
    for (const page of [a, b]) expect(await page.getByTestId('real-pvp-result').count()).toBe(1);
    // Unrated and unpaid: friends cannot farm each other.
    await a.reload();
    await b.reload();
    await a.getByTestId('nav-credits').waitFor();
    await b.getByTestId('nav-credits').waitFor();
    expect([await navCredits(a), await navCredits(b)]).toEqual(creditsBefore);

    // A blocks B from B's card: the card says so instead of offering a challenge that would be
    // refused, and the report dialog then offers Unblock, which brings Challenge back.
    await a.goto('/friends');
    await a.getByTestId('friend-name').first().click();
    await a.getByTestId('friend-card').getByTestId('friend-report').click();
    await a.getByTestId('block-player').click();
    await expect.poll(() => a.getByTestId('toast').allTextContents()).toContainEqual(expect.stringContaining(`${nameB} is blocked`));
    // The card, still open under the closed dialog, changes at once.
    await a.getByTestId('friend-blocked').waitFor();
    expect(await a.getByTestId('friend-card').getByTestId('challenge-button').count()).toBe(0);
    await a.getByTestId('friend-card').getByTestId('friend-report').click();
    await a.getByTestId('unblock-player').click();
    await expect.poll(() => a.getByTestId('toast').allTextContents()).toContainEqual(expect.stringContaining(`${nameB} is unblocked`));
    await a.getByTestId('friend-card').getByTestId('challenge-button').waitFor();
    expect(await a.getByTestId('friend-blocked').count()).toBe(0);
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
