import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/server/db/schema';
import { startGame, type Game } from './helpers/game';
import { registerThroughUi, uniquePlayerName } from './helpers/players';

let game: Game;
beforeAll(async () => {
  game = await startGame();
});
afterAll(async () => {
  await game?.close();
});

describe('moderation', () => {
  it('a player reports a chat message from its author menu, and a moderator deletes it while the player watches it go', async () => {
    const reporter = await game.newPage();
    const offender = await game.newPage();
    const moderator = await game.newPage();
    const reporterName = uniquePlayerName('victim');
    const offenderName = uniquePlayerName('troll');
    const moderatorName = uniquePlayerName('mod');
    await registerThroughUi(reporter, reporterName);
    await registerThroughUi(offender, offenderName);
    await registerThroughUi(moderator, moderatorName);
    // Registration shows the recovery codes once, with copy, download and a warning.
    expect(await reporter.getByTestId('recovery-code').count()).toBe(10);
    await reporter.getByTestId('recovery-done').click();
    await game.database.db.update(users).set({ role: 'moderator' }).where(eq(users.username, moderatorName));

    await offender.goto('/chat');
    await reporter.goto('/chat');
    await expect.poll(() => offender.getByTestId('chat-connection').getAttribute('data-status')).toBe('online');
    await expect.poll(() => reporter.getByTestId('chat-connection').getAttribute('data-status')).toBe('online');
    await offender.getByTestId('chat-input').fill('you are all terrible');
    await offender.getByTestId('chat-input').press('Enter');
    const line = reporter.locator(`[data-testid="chat-message"][data-user="${offenderName}"]`, { hasText: 'you are all terrible' });
    await expect.poll(() => line.count(), { timeout: 10_000 }).toBe(1);

    // The author's name opens the report and block menu.
    await reporter.locator(`[data-testid="chat-group"][data-user="${offenderName}"]`).getByTestId('chat-author').click();
    await reporter.getByTestId('chat-report').click();
    await reporter.getByTestId('report-note').fill('insults everyone');
    await reporter.getByTestId('report-send').click();
    await expect.poll(() => reporter.getByTestId('toast').textContent()).toContain('Report sent');

    // A player has no Moderation entry; the moderator does, and sees the report with its evidence.
    expect(await reporter.getByTestId('nav-moderation').count()).toBe(0);
    await moderator.goto('/');
    await moderator.getByTestId('nav-moderation').click();
    const report = moderator.getByTestId('mod-report').filter({ hasText: 'insults everyone' });
    await report.waitFor();
    expect(await report.getByTestId('mod-evidence').textContent()).toContain('you are all terrible');
    await report.getByTestId('mod-reason').fill('insults');
    await report.getByTestId('mod-delete-message').click();

    // Gone from the reporter's open chat, live, without a reload.
    await expect.poll(() => line.count(), { timeout: 10_000 }).toBe(0);
    await report.getByTestId('mod-resolve').click();
    await expect.poll(() => moderator.getByTestId('mod-report').filter({ hasText: 'insults everyone' }).count()).toBe(0);
    expect(game.pageErrors).toEqual([]);
  });
});
