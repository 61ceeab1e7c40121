import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE, startGame, type Game } from './helpers/game';
import { registerThroughUi, uniquePlayerName } from './helpers/players';

let game: Game;
beforeAll(async () => {
  game = await startGame();
});
afterAll(async () => {
  await game?.close();
});

describe('arena chat', () => {
  it('two players talk live over the socket; Enter sends, Shift+Enter does not', async () => {
    const a = await game.newPage();
    const b = await game.newPage(PHONE);
    const nameA = uniquePlayerName('chatty');
    const nameB = uniquePlayerName('lurker');
    await registerThroughUi(a, nameA);
    await registerThroughUi(b, nameB);
    await a.goto('/chat');
    await b.goto('/chat');
    await expect.poll(() => a.getByTestId('chat-connection').getAttribute('data-status')).toBe('online');
    await expect.poll(() => b.getByTestId('chat-connection').getAttribute('data-status')).toBe('online');

    const input = a.getByTestId('chat-input');
    await input.fill('hello arena');
    expect(await a.getByTestId('chat-counter').textContent()).toContain('11/500');
    await input.press('Shift+Enter');
    expect(await input.inputValue()).toBe('hello arena\n');
    await input.fill('hello arena');
    await input.press('Enter');
    await expect.poll(() => input.inputValue()).toBe('');

    const onB = b.locator(`[data-testid="chat-message"][data-user="${nameA}"]`, { hasText: 'hello arena' });
    await expect.poll(() => onB.count(), { timeout: 5_000 }).toBe(1);

    await b.getByTestId('chat-input').fill('  hi back  ');
    await b.getByTestId('chat-send').click();
    const onA = a.locator(`[data-testid="chat-message"][data-user="${nameB}"]`, { hasText: 'hi back' });
    await expect.poll(() => onA.count(), { timeout: 5_000 }).toBe(1);

    // The name's menu from the keyboard: Enter opens it, Tab reaches its Report, Escape closes
    // it and gives the focus back to the name.
    const author = a.getByTestId('chat-author').filter({ hasText: nameB });
    await author.focus();
    await a.keyboard.press('Enter');
    await a.getByTestId('chat-author-menu').waitFor();
    expect(await author.getAttribute('aria-expanded')).toBe('true');
    await a.keyboard.press('Tab');
    await expect.poll(() => a.evaluate(() => document.activeElement?.closest('[data-testid="chat-author-menu"]') !== null)).toBe(true);
    await a.keyboard.press('Escape');
    await expect.poll(() => a.getByTestId('chat-author-menu').count()).toBe(0);
    await expect.poll(() => a.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('chat-author');

    // Escape in the report dialog's list of reasons closes the list, not the menu under the
    // dialog (which would take the dialog with it).
    await author.click();
    await a.getByTestId('chat-report').click();
    await a.getByTestId('chat-report-dialog').waitFor();
    await a.getByTestId('report-reason').click();
    await a.getByRole('listbox').waitFor();
    await a.keyboard.press('Escape');
    await expect.poll(() => a.getByRole('listbox').count()).toBe(0);
    expect(await a.getByTestId('chat-report-dialog').count()).toBe(1);
    await a.keyboard.press('Escape');
    await expect.poll(() => a.getByTestId('chat-report-dialog').count()).toBe(0);
    expect(await a.getByTestId('chat-author-menu').count()).toBe(1);

    // Whitespace alone sends nothing.
    await a.getByTestId('chat-input').fill('    ');
    await a.getByTestId('chat-input').press('Enter');
    await new Promise((r) => setTimeout(r, 500));
    expect(await a.getByTestId('chat-message').count()).toBe(2);
    expect(game.pageErrors).toEqual([]);
  });
});
