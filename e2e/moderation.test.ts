import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/server/db/schema';
import { PHONE, startGame, type Game } from './helpers/game';
import { registerThroughUi, uniquePlayerName } from './helpers/players';

let game: Game;
beforeAll(async () => {
  game = await startGame();
});
afterAll(async () => {
  await game?.close();
});

/** `author` posts `text` in the arena chat with `reader` on it too; answers the line as the reader sees it. */
async function postSeen(author: Page, authorName: string, reader: Page, text: string) {
  await author.goto('/chat');
  await reader.goto('/chat');
  await expect.poll(() => author.getByTestId('chat-connection').getAttribute('data-status')).toBe('online');
  await expect.poll(() => reader.getByTestId('chat-connection').getAttribute('data-status')).toBe('online');
  await author.getByTestId('chat-input').fill(text);
  await author.getByTestId('chat-input').press('Enter');
  const line = reader.locator(`[data-testid="chat-message"][data-user="${authorName}"]`, { hasText: text });
  await expect.poll(() => line.count(), { timeout: 10_000 }).toBe(1);
  return line;
}

/** Opens the report dialog of a chat author from their name. */
async function openReport(reader: Page, authorName: string) {
  await reader.locator(`[data-testid="chat-group"][data-user="${authorName}"]`).getByTestId('chat-author').click();
  await reader.getByTestId('chat-report').click();
}

describe('moderation', () => {
  it('a player blocks another from the chat, finds them in Account among the players blocked, and unblocks them there', async () => {
    const blocker = await game.newPage(PHONE);
    const pest = await game.newPage();
    const blockerName = uniquePlayerName('blocker');
    const pestName = uniquePlayerName('pest');
    await registerThroughUi(blocker, blockerName);
    await registerThroughUi(pest, pestName);
    await blocker.getByTestId('recovery-done').click();

    // Nobody blocked yet: the empty state.
    await blocker.goto('/account');
    await blocker.getByTestId('blocked-empty').waitFor();

    const line = await postSeen(pest, pestName, blocker, 'buy my gold');
    await openReport(blocker, pestName);
    await blocker.getByTestId('block-player').click();
    await expect.poll(() => blocker.getByTestId('toast').allTextContents()).toContainEqual(expect.stringContaining(`${pestName} is blocked`));
    await expect.poll(() => line.count()).toBe(0);

    // Account lists the block; Unblock lifts it, and the list says so.
    await blocker.goto('/account');
    const row = blocker.locator(`[data-testid="blocked-player"][data-username="${pestName}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain(`since ${new Date().toISOString().slice(0, 10)}`);
    expect(await blocker.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    await row.getByRole('button', { name: `Unblock ${pestName}` }).click();
    await expect.poll(() => blocker.getByTestId('toast').allTextContents()).toContainEqual(expect.stringContaining(`${pestName} is unblocked`));
    await blocker.getByTestId('blocked-empty').waitFor();
    expect(await (await blocker.context().request.get('/api/blocks')).json()).toEqual([]);

    // The chat shows the player again, and their report dialog offers Block once more.
    await blocker.goto('/chat');
    await expect.poll(() => line.count(), { timeout: 10_000 }).toBe(1);
    await openReport(blocker, pestName);
    await blocker.getByTestId('block-player').waitFor();
    expect(await blocker.getByTestId('unblock-player').count()).toBe(0);
    expect(game.pageErrors).toEqual([]);
  });

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
    // On a phone each code stays on one line, to be copied by hand.
    const phone = await game.newPage(PHONE);
    await registerThroughUi(phone, uniquePlayerName('phone'));
    await phone.getByTestId('recovery-code').nth(9).waitFor();
    const lines = await phone.getByTestId('recovery-code').evaluateAll((items) =>
      items.map((li) => {
        const range = document.createRange();
        range.selectNodeContents(li);
        return new Set([...range.getClientRects()].map((box) => Math.round(box.top))).size;
      }),
    );
    expect(lines).toEqual(Array<number>(10).fill(1));
    expect(await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    await phone.close();
    await reporter.getByTestId('recovery-done').click();
    await game.database.db.update(users).set({ role: 'moderator' }).where(eq(users.username, moderatorName));

    const line = await postSeen(offender, offenderName, reporter, 'you are all terrible');
    // The author's name opens the report and block menu.
    await openReport(reporter, offenderName);
    // The dialog quotes the message it reports (the name heads all the author's lines in a row).
    expect(await reporter.getByTestId('chat-report-quote').textContent()).toBe(`${offenderName}: “you are all terrible”`);
    // A reason picked with the pointer: its list lives outside the author menu, which stays open
    // (and keeps its dialog) while it is used.
    await reporter.getByTestId('report-reason').click();
    await reporter.getByTestId('report-reason-spam').click();
    await expect.poll(() => reporter.getByTestId('report-reason').textContent()).toMatch(/spam/i);
    // A note with a word longer than any screen is wide.
    await reporter.getByTestId('report-note').fill(`insults everyone ${'x'.repeat(300)}`);
    await reporter.getByTestId('report-send').click();
    await expect.poll(() => reporter.getByTestId('toast').textContent()).toContain('Report sent');

    // A player has no Moderation entry; the moderator does, and sees the report with its evidence.
    expect(await reporter.getByTestId('nav-moderation').count()).toBe(0);
    await moderator.goto('/');
    await moderator.getByTestId('nav-moderation').click();
    const report = moderator.getByTestId('mod-report').filter({ hasText: 'insults everyone' });
    await report.waitFor();
    expect(await report.getByTestId('mod-evidence').textContent()).toContain('you are all terrible');
    expect(await report.textContent()).toMatch(/spam/i);
    // The long word wraps: the screen does not scroll sideways.
    expect(await moderator.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    // Delete sits above the reason: pressed first, it takes the moderator to the field.
    await report.getByTestId('mod-delete-message').click();
    await expect.poll(() => moderator.getByTestId('toast').allTextContents()).toContainEqual(expect.stringContaining('Please give a reason'));
    await expect.poll(() => report.getByTestId('mod-reason').evaluate((el) => el === document.activeElement && el.getAttribute('aria-invalid'))).toBe('true');
    await report.getByTestId('mod-reason').fill('insults');
    expect(await report.getByTestId('mod-reason').getAttribute('aria-invalid')).toBe('false');
    // An action resolves the report with it unless the moderator means to take another one.
    expect(await report.getByTestId('mod-resolve-with').isChecked()).toBe(true);
    await report.getByTestId('mod-resolve-with').uncheck();
    await report.getByTestId('mod-delete-message').click();
    await expect.poll(() => moderator.getByTestId('toast').allTextContents()).toContainEqual(expect.stringMatching(/^Message deleted$/));
    // The line says it is gone, instead of offering a Delete that would answer 'Message not found'.
    await report.getByTestId('mod-message-deleted').waitFor();
    expect(await report.getByTestId('mod-delete-message').count()).toBe(0);

    // Gone from the reporter's open chat, live, without a reload.
    await expect.poll(() => line.count(), { timeout: 10_000 }).toBe(0);
    // A mute: the moderator reads its end to the minute, the report is resolved with it and leaves
    // the open queue, and the muted player is told why a message fails.
    // A double click mutes once: one call, one line in the audit log.
    const mutes: string[] = [];
    moderator.on('request', (request) => {
      if (request.method() === 'POST' && /^\/api\/mod\/users\/\d+\/mute$/.test(new URL(request.url()).pathname)) mutes.push(request.url());
    });
    await report.getByTestId('mod-resolve-with').check();
    await report.getByRole('button', { name: 'Mute 10 min' }).dblclick();
    await expect.poll(() => moderator.getByTestId('toast').allTextContents()).toContainEqual(expect.stringMatching(/Muted until \d{4}-\d\d-\d\d \d\d:\d\d UTC; report resolved/));
    await expect.poll(() => moderator.getByTestId('mod-report').filter({ hasText: 'insults everyone' }).count()).toBe(0);
    await moderator.getByRole('tab', { name: 'Handled' }).click();
    const handled = moderator.getByTestId('mod-report').filter({ hasText: 'insults everyone' });
    await expect.poll(() => handled.textContent()).toContain('resolved');
    expect(await handled.getByTestId('mod-resolve-with').count()).toBe(0);
    await moderator.getByRole('tab', { name: 'Audit log' }).click();
    await expect.poll(() => moderator.getByRole('tabpanel').textContent()).toMatch(/report\.resolve/);
    expect(mutes).toHaveLength(1);
    expect((await moderator.getByRole('tabpanel').textContent())?.match(/user\.mute/g)).toHaveLength(1);
    // Each line names the player it was about, not only their account's number.
    expect(await moderator.getByTestId('mod-audit').locator('li').filter({ hasText: 'user.mute' }).textContent()).toContain(offenderName);
    // The muted player, their chat open, is told at once, before trying to send: the field says
    // until when, Send waits for the end of the mute, and the bell holds the news.
    await expect.poll(() => offender.getByTestId('chat-muted').textContent()).toMatch(/^You are muted until \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
    await offender.getByTestId('chat-input').fill('let me speak');
    expect(await offender.getByTestId('chat-send').isDisabled()).toBe(true);
    await offender.getByTestId('nav-bell').click();
    await expect.poll(() => offender.getByTestId('notification-panel').textContent()).toMatch(/A moderator muted you in the chat until \d{4}-\d\d-\d\d \d\d:\d\d UTC\./);
    expect(game.pageErrors).toEqual([]);
  });
  it("on a phone the moderator's Moderation entry is in the drawer, and the top bar is no taller than a player's", async () => {
    const player = await game.newPage(PHONE);
    const moderator = await game.newPage(PHONE);
    const moderatorName = uniquePlayerName('pmod');
    await registerThroughUi(player, uniquePlayerName('pplayer'));
    await registerThroughUi(moderator, moderatorName);
    await game.database.db.update(users).set({ role: 'moderator' }).where(eq(users.username, moderatorName));
    for (const page of [player, moderator]) {
      await page.getByTestId('recovery-done').click();
      await page.goto('/');
      await page.getByTestId('nav-welcome').waitFor();
    }
    const barHeight = async (page: Page) => (await page.locator('header').first().boundingBox())!.height;
    expect(await barHeight(moderator)).toBe(await barHeight(player));
    expect(await moderator.getByTestId('nav-moderation').count()).toBe(0);
    await moderator.getByRole('button', { name: /^Open menu/ }).click();
    await moderator.getByRole('dialog').getByTestId('nav-moderation').click();
    await expect.poll(() => new URL(moderator.url()).pathname).toBe('/moderation');
    expect(game.pageErrors).toEqual([]);
  });
});
