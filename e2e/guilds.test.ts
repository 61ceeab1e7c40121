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
    const guildName = `Null Ptrs ${Date.now() % 10000}`;
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
    await shot(recruit, 'phone-directory');
    await entry.getByTestId('directory-join').click();
    await expect.poll(() => toastText(recruit)).toContain('Joined Guild');
    await recruit.getByTestId('guild-tab-overview').click();
    await expect.poll(() => recruit.getByTestId('guild-name').textContent()).toBe(guildName);
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

    // The recruit leaves again.
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
});
