import type { Page } from 'playwright-core';
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

/** Screenshots for a look at the screen: GUILD_SHOTS=/tmp/dir writes PNGs there. */
async function shot(page: Page, name: string) {
  const dir = process.env.GUILD_SHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

const toastText = (page: Page) => page.getByTestId('toast').textContent();

describe('guilds', () => {
  it('a player founds a guild, a second joins from the directory, the leader sees them, the second leaves', async () => {
    const leader = await game.newPage();
    const recruit = await game.newPage(PHONE);
    const leaderName = uniquePlayerName('leader');
    const recruitName = uniquePlayerName('recruit');
    // As long as a name may be, in one word: it wraps on a phone rather than widen the page.
    const guildName = `NullPtrDereferenceSquad${String(Date.now() % 1_000_000).padStart(7, '0')}`;
    await registerThroughUi(leader, leaderName);
    await registerThroughUi(recruit, recruitName);

    // Not in a guild yet: the empty state and the create form.
    await leader.goto('/guilds');
    await leader.getByTestId('not-in-guild').waitFor();
    await shot(leader, 'desktop-no-guild');
    await leader.getByTestId('guild-name-input').fill('   ');
    await leader.getByTestId('create-guild-submit').click();
    await expect.poll(() => toastText(leader)).toContain('Please enter a guild name');

    await leader.getByTestId('guild-name-input').fill(guildName);
    await leader.getByLabel('Description (optional)').fill('We dereference danger.');
    await leader.getByTestId('guild-emblem-wolf').click();
    expect(await leader.getByTestId('guild-emblem-wolf').getAttribute('data-state')).toBe('checked');
    await leader.getByTestId('create-guild-submit').click();
    await expect.poll(() => toastText(leader)).toContain('Guild Created!');
    await expect.poll(() => leader.getByTestId('guild-name').textContent()).toBe(guildName);
    expect(await leader.getByTestId('guild-level').textContent()).toContain('Level 1');
    expect(await leader.getByTestId('guild-member-count').textContent()).toBe('1/20');
    await shot(leader, 'desktop-overview');

    // The recruit finds it in the directory (on a phone) and joins.
    await recruit.goto('/guilds');
    await recruit.getByTestId('guild-tab-directory').click();
    const entry = recruit.locator(`[data-testid="directory-guild"][data-name="${guildName}"]`);
    await entry.waitFor();
    expect(await entry.getByTestId('directory-members').textContent()).toContain('1/20');
    const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(await sideways(recruit)).toBe(0);
    await shot(recruit, 'phone-directory');
    await entry.getByTestId('directory-join').click();
    await expect.poll(() => toastText(recruit)).toContain('Joined Guild');
    await recruit.getByTestId('guild-tab-overview').click();
    await expect.poll(() => recruit.getByTestId('guild-name').textContent()).toBe(guildName);
    expect(await sideways(recruit)).toBe(0);
    await shot(recruit, 'phone-overview');

    // The leader sees the recruit among the members, with a Member badge.
    await leader.reload();
    await leader.getByTestId('guild-tab-members').click();
    const row = leader.locator(`[data-testid="guild-member"][data-username="${recruitName}"]`);
    await row.waitFor();
    expect(await row.getByTestId('role-badge').getAttribute('data-role')).toBe('member');
    expect(await row.getByTestId('member-contribution').textContent()).toContain('0 contribution');
    expect(await leader.locator(`[data-testid="guild-member"][data-username="${leaderName}"]`).getByTestId('role-badge').textContent()).toContain(
      'Leader',
    );
    await shot(leader, 'desktop-members');
    await leader.getByTestId('guild-tab-battles').click();
    await leader.getByTestId('no-battles').waitFor();
    await shot(leader, 'desktop-battles');

    // A plain member sees the roster without any management buttons.
    await recruit.getByTestId('guild-tab-members').click();
    await expect.poll(() => recruit.getByTestId('guild-member').count()).toBe(2);
    expect(await recruit.getByTestId('member-remove').count()).toBe(0);
    expect(await recruit.getByTestId('member-promote').count()).toBe(0);
    // On a phone every row's contribution reads on one line, beside a bar of one width (the
    // leader's row has Challenge, which goes below rather than squeeze them).
    const rows = recruit.getByTestId('guild-member');
    const lineHeights = await rows.getByTestId('member-contribution').evaluateAll((els) => els.map((el) => el.getBoundingClientRect().height));
    expect(new Set(lineHeights).size).toBe(1);
    const bars = await rows.evaluateAll((els) => els.map((el) => el.querySelector('[data-testid="member-contribution"] + span')!.getBoundingClientRect().width));
    expect(new Set(bars).size).toBe(1);
    await shot(recruit, 'phone-members');

    // The recruit leaves again.
    await recruit.getByTestId('guild-tab-overview').click();
    await recruit.getByTestId('guild-leave').click();
    await recruit.getByTestId('guild-leave-confirm').click();
    await expect.poll(() => toastText(recruit)).toContain('Left Guild');
    await recruit.getByTestId('not-in-guild').waitFor();
    await shot(recruit, 'phone-no-guild');

    await leader.reload();
    await leader.getByTestId('guild-tab-members').click();
    await leader.getByTestId('guild-members').waitFor();
    await expect.poll(() => leader.getByTestId('guild-member').count()).toBe(1);
    expect(game.pageErrors).toEqual([]);
  });

  it('leaders fight a guild battle from the screen, and a private guild recruits by invitation', async () => {
    const red = await game.newPage();
    const blue = await game.newPage(PHONE);
    const guest = await game.newPage();
    const names = { red: uniquePlayerName('red'), blue: uniquePlayerName('blue'), guest: uniquePlayerName('guest') };
    await registerThroughUi(red, names.red);
    await registerThroughUi(blue, names.blue);
    await registerThroughUi(guest, names.guest);
    const redGuild = `Red Bits ${Date.now() % 10000}`;
    const blueGuild = `Blue Bytes ${Date.now() % 10000}`;
    for (const [page, name, guild, isPrivate] of [
      [red, 'Crimson', redGuild, false],
      [blue, 'Azure', blueGuild, true],
    ] as const) {
      expect((await page.request.post('/api/characters', { data: { name, class: 'warrior', characterAvatar: 'warrior1' } })).status()).toBe(201);
      const created = await page.request.post('/api/guilds', { data: { name: guild, guildAvatar: 'star', isPrivate, maxMembers: 20 } });
      expect(created.status()).toBe(201);
    }

    // Red's leader challenges Blue.
    await red.goto('/guilds');
    await red.getByTestId('guild-tab-battles').click();
    await red.getByLabel('Opponent').selectOption({ label: `${blueGuild} (level 1, 1 member)` });
    await red.getByTestId('challenge-submit').click();
    await expect.poll(() => toastText(red)).toContain('Challenge Sent');
    await expect.poll(() => red.getByTestId('guild-battle').getAttribute('data-status')).toBe('pending');

    // Blue's leader accepts on a phone; the battle is fought and completes.
    await blue.goto('/guilds');
    await blue.getByTestId('guild-tab-battles').click();
    const pending = blue.getByTestId('guild-battle');
    await expect.poll(() => pending.textContent()).toContain(`${redGuild} challenged you`);
    await blue.getByTestId('battle-accept').click();
    await expect.poll(() => toastText(blue)).toContain('Guild Battle Fought');
    await expect.poll(() => pending.getAttribute('data-status')).toBe('completed');
    const blueResult = (await pending.getByTestId('battle-status').textContent())!;
    expect(['Victory', 'Defeat'].some((r) => blueResult.includes(r))).toBe(true);
    expect(await pending.getByTestId('battle-result').textContent()).toMatch(/won 1 of 1 duels and 200 credits for the treasury/);
    await shot(blue, 'phone-battles');

    await red.reload();
    await red.getByTestId('guild-tab-battles').click();
    const redRow = red.getByTestId('guild-battle');
    await expect.poll(() => redRow.getAttribute('data-status')).toBe('completed');
    expect(await redRow.getByTestId('battle-status').textContent()).toContain(blueResult.includes('Victory') ? 'Defeat' : 'Victory');
    await shot(red, 'desktop-battle-done');

    // Blue is private: the guest sees 'Invitation only', gets invited, and accepts.
    await guest.goto('/guilds');
    await guest.getByTestId('guild-tab-directory').click();
    const blueEntry = guest.locator(`[data-testid="directory-guild"][data-name="${blueGuild}"]`);
    await blueEntry.getByTestId('directory-invite-only').waitFor();
    await blue.getByTestId('guild-tab-overview').click();
    await blue.getByTestId('guild-invite-input').fill(names.guest);
    await blue.getByTestId('guild-invite-submit').click();
    await expect.poll(() => toastText(blue)).toContain('Invitation Sent');
    await guest.reload();
    await guest.getByTestId('guild-invitations').waitFor();
    expect(await guest.getByTestId('guild-invitation').textContent()).toContain(blueGuild);
    await shot(guest, 'desktop-invitation');
    await guest.getByTestId('invitation-accept').click();
    await expect.poll(() => toastText(guest)).toContain('Joined Guild');
    await expect.poll(() => guest.getByTestId('guild-name').textContent()).toBe(blueGuild);
    expect(game.pageErrors).toEqual([]);
  });
});
