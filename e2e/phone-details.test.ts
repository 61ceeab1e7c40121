import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { atRest, overlap } from './helpers/boxes';
import { PHONE, startGame, type Game } from './helpers/game';
import { createFighterThroughUi, registerThroughUi, uniquePlayerName } from './helpers/players';

let game: Game;
beforeAll(async () => {
  game = await startGame();
});
afterAll(async () => {
  await game?.close();
});

async function inView(page: Page, locator: Locator): Promise<boolean> {
  const box = (await locator.boundingBox())!;
  const height = page.viewportSize()!.height;
  return box.y >= 0 && box.y + box.height <= height;
}

describe('on a phone', () => {
  it('a name typed after spaces keeps all 20 characters, and the new fighter is in view after Create Fighter', async () => {
    const page = await game.newPage(PHONE);
    await registerThroughUi(page, uniquePlayerName('spaces'));
    await page.goto('/characters');
    const input = page.getByTestId('character-name-input');
    const twenty = 'Abcdefghij Klmnopqrs';
    await input.click();
    await page.keyboard.type(`   ${twenty}XY`);
    expect(await input.inputValue()).toBe(`   ${twenty}`);
    expect(await page.getByTestId('character-name-count').textContent()).toBe('20/20');

    // The button is far down the form: pressing it scrolls there, and the new fighter then shows at the top.
    await page.getByTestId('create-character-submit').click();
    const card = page.getByTestId('character-card');
    await card.waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    const name = card.getByText(twenty, { exact: true }).first();
    expect(await name.count()).toBe(1);
    expect(await inView(page, name)).toBe(true);
    expect(game.pageErrors).toEqual([]);
  });

  it('the rankings show a long name whole beside the You badge', async () => {
    const page = await game.newPage(PHONE);
    const name = `${uniquePlayerName('w')}WWWWWWWWWWWWWWWWWWWW`.slice(0, 20);
    await registerThroughUi(page, name);
    await createFighterThroughUi(page, 'Ranked Wide Blade');
    await page.goto('/leaderboard');
    const mine = page.locator(`[data-testid="leaderboard-row"][data-username="${name}"]`);
    await mine.getByText('You', { exact: true }).waitFor();
    const shown = mine.getByTestId('leaderboard-username');
    // Not cut short: the name's text fits the box it is drawn in (wrapping if it must), and the row
    // fits the screen.
    expect(await shown.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await shown.textContent()).toBe(name);

    // The arena's rankings: the fighter's name and class under the player's, whole.
    await page.goto('/arena');
    await page.getByRole('tab', { name: 'Rankings' }).click();
    const fighterLine = page.getByText('Ranked Wide Blade · Warrior', { exact: true });
    await fighterLine.waitFor();
    expect(await fighterLine.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);

    // The battle stage: a long fighter name is drawn whole (on two lines at most), not cut.
    await page.goto('/battle');
    const fighterName = page.getByTestId('player-name');
    await expect.poll(() => fighterName.textContent()).toBe('Ranked Wide Blade');
    expect(await fighterName.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight)).toBe(true);
    expect(await fighterName.evaluate((el) => getComputedStyle(el).textOverflow)).not.toBe('ellipsis');
    expect(game.pageErrors).toEqual([]);
    await page.context().close();
  });

  it("another player's name in the chat is a tap target a finger can hit, and opens its menu", async () => {
    const writer = await game.newPage(PHONE);
    const reader = await game.newPage(PHONE);
    const name = uniquePlayerName('talk');
    const readerName = uniquePlayerName('read');
    await registerThroughUi(writer, name);
    await registerThroughUi(reader, readerName);
    await writer.goto('/chat');
    await writer.getByTestId('chat-input').fill('tap my name');
    await writer.getByTestId('chat-input').press('Enter');
    await reader.goto('/chat');
    const author = reader.locator(`[data-testid="chat-group"][data-user="${name}"]`).getByTestId('chat-author');
    await author.waitFor();
    // Measured once the list has settled (the history's first page and its heading come in and
    // scroll it): a press aimed at a box that has since moved would miss it.
    let lastBox = '';
    await expect
      .poll(async () => {
        const now = JSON.stringify(await author.boundingBox());
        const still = now === lastBox;
        lastBox = now;
        return still;
      })
      .toBe(true);
    const box = (await author.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(24);
    // A press near its top edge, above the letters themselves, still reaches it.
    const lists = Promise.all([reader.waitForResponse((r) => new URL(r.url()).pathname === '/api/friends'), reader.waitForResponse((r) => new URL(r.url()).pathname === '/api/guilds/my-guild')]);
    await reader.mouse.click(box.x + box.width / 2, box.y + 2);
    await reader.getByTestId('chat-author-menu').waitFor();
    // The newest message sits at the bottom of the scrolling list: its menu opens upwards, all of
    // it inside the list (downwards, the list clipped it).
    const inside = async () => {
      const list = (await reader.locator('.chat-scroll').boundingBox())!;
      const menu = (await reader.getByTestId('chat-author-menu').boundingBox())!;
      return menu.y >= list.y && menu.y + menu.height <= list.y + list.height && menu.x >= list.x && menu.x + menu.width <= list.x + list.width;
    };
    expect(await inside()).toBe(true);
    // A stranger: Report, and no Challenge the server would refuse (friends and guild mates only).
    await lists;
    await reader.getByTestId('chat-report').waitFor();
    // The flag says what it does beside the labelled Challenge.
    expect(await reader.getByTestId('chat-report').textContent()).toBe('Report');
    expect(await reader.getByTestId('chat-author-menu').getByTestId('challenge-button').count()).toBe(0);
    // Friends now: the menu offers the challenge.
    await reader.keyboard.press('Escape');
    const asked = (await (await writer.context().request.post('/api/friends/requests', { data: { username: readerName } })).json()) as { id: number };
    expect((await reader.context().request.post(`/api/friends/requests/${asked.id}/accept`)).status()).toBe(200);
    await reader.reload();
    await author.click();
    await reader.getByTestId('chat-author-menu').getByTestId('challenge-button').waitFor();
    expect(await inside()).toBe(true);
    expect(game.pageErrors).toEqual([]);
    await writer.context().close();
    await reader.context().close();
  });

  it("chat's slow-down toast leaves the field and Send uncovered", async () => {
    const page = await game.newPage(PHONE);
    await registerThroughUi(page, uniquePlayerName('chatty'));
    await page.goto('/chat');
    const input = page.getByTestId('chat-input');
    await input.waitFor();
    // Five messages in 10 s are allowed; the sixth is refused.
    for (let i = 1; i <= 5; i++) {
      await input.fill(`line ${i}`);
      await input.press('Enter');
      await expect.poll(() => input.inputValue()).toBe('');
    }
    await input.fill('line 6');
    await input.press('Enter');
    const toast = page.getByTestId('toast');
    await expect.poll(() => toast.textContent()).toContain('Failed to send message');
    // Measured where it comes to rest (it slides in).
    await atRest(toast);
    const send = page.getByTestId('chat-send');
    const [t, s, f] = [(await toast.boundingBox())!, (await send.boundingBox())!, (await input.boundingBox())!];
    expect(overlap(t, s)).toBe(false);
    expect(overlap(t, f)).toBe(false);
    expect(await inView(page, send)).toBe(true);
    // Send is what a tap on it hits.
    const hit = await page.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.closest('[data-testid="chat-send"]') != null, [s.x + s.width / 2, s.y + s.height / 2]);
    expect(hit).toBe(true);
    expect(game.pageErrors).toEqual([]);
  });
});
