import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGame, type Game } from './helpers/game';
import { openLoginScreen, registerThroughUi, uniquePlayerName } from './helpers/players';

let game: Game;
beforeAll(async () => {
  game = await startGame();
});
afterAll(async () => {
  await game?.close();
});

describe('a new player from registration to the rankings', () => {
  it('creates a fighter, battles, sees the cooldown and finds themself on the leaderboard', async () => {
    const page = await game.newPage();
    const name = `ace_${Date.now() % 100000}`;
    await openLoginScreen(page);
    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByTestId('register-username').fill(name);
    await page.getByTestId('register-password').fill('glitch-pass');
    await page.getByTestId('register-confirm-password').fill('glitch-pass');
    await page.getByTestId('register-submit').click();
    await expect.poll(() => page.getByTestId('nav-credits').textContent()).toBe('2,500');

    // No character yet: the dashboard says so and links to the create form.
    await expect.poll(() => page.getByTestId('no-characters').isVisible()).toBe(true);
    await page.goto('/characters');
    await expect.poll(() => page.getByText('Create Your Fighter').first().isVisible()).toBe(true);
    expect(await page.getByText('You can only have one character per account').first().isVisible()).toBe(true);

    // A blank name is caught before anything is sent.
    await page.getByTestId('character-name-input').fill('   ');
    await page.getByTestId('create-character-submit').click();
    await expect.poll(() => page.getByTestId('toast').textContent()).toContain('Please enter a character name');

    await page.getByTestId('character-name-input').fill('Neon Byte');
    await page.getByTestId('avatar-option-mage2').click();
    await page.getByTestId('class-option-mage').click();
    await page.getByTestId('create-character-submit').click();
    await expect.poll(() => page.getByTestId('toast').textContent()).toContain('Welcome to Glitch Arena, Neon Byte!');
    await expect.poll(() => page.getByTestId('character-card').count()).toBe(1);
    expect(await page.getByTestId('character-name').textContent()).toContain('Neon Byte');

    // The dashboard shows it as the best character.
    await page.getByRole('link', { name: 'Home' }).first().click();
    await expect.poll(() => page.getByTestId('best-character-name').textContent()).toContain('Neon Byte');
    expect(await page.getByTestId('best-character-level').textContent()).toMatch(/Level 1 mage/i);

    // Battle: the log replays one entry a second and ends with a result.
    await page.goto('/battle');
    await expect.poll(() => page.getByTestId('enemy-name').textContent(), { timeout: 10_000 }).not.toBe('');
    const start = page.getByRole('button', { name: 'Start Battle' });
    await expect.poll(() => start.isEnabled()).toBe(true);
    await start.click();
    await expect.poll(() => page.getByTestId('battle-log-line').count()).toBeGreaterThanOrEqual(2);
    const early = await page.getByTestId('battle-log-line').count();
    await expect.poll(() => page.getByTestId('battle-result').isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await page.getByTestId('battle-log-line').count()).toBeGreaterThan(early);
    // A new player's first fight is tuned to be won (docs/decisions.md, fair start).
    const result = await page.getByTestId('battle-result').textContent();
    expect(result).toMatch(/^Victory! \+\d+ XP, \+\d+ credits/);

    // The cooldown counts down and Start Battle waits for it.
    await expect.poll(() => page.getByTestId('battle-cooldown').textContent()).toMatch(/Cooldown: \d+s/);
    expect(await start.isDisabled()).toBe(true);

    // Rewards reached the nav: credits went up.
    await expect.poll(async () => Number((await page.getByTestId('nav-credits').textContent())!.replace(/,/g, ''))).toBeGreaterThan(2500);

    // The leaderboard lists the player.
    await page.goto('/leaderboard');
    const row = page.locator(`[data-testid="leaderboard-row"][data-username="${name}"]`);
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.getAttribute('data-current')).toBe('true');
    expect(await row.getByTestId('leaderboard-level').textContent()).toContain('1');
    expect(game.pageErrors).toEqual([]);
  });
});

describe('fighter screens before the first character', () => {
  it('each asks for a character and links to the create form', async () => {
    const page = await game.newPage();
    await registerThroughUi(page, uniquePlayerName('nochar'));
    const screens: [string, string][] = [
      ['/battle', 'You need a fighter before you can enter the battle arena.'],
      ['/arena', 'You need a character to enter the PvP arenas.'],
      ['/pvp-arena', 'You need a fighter before you can queue for PvP.'],
      ['/pvp', 'You need a fighter (not listed for sale) before you can duel in real time.'],
    ];
    for (const [path, message] of screens) {
      await page.goto(path);
      const card = page.getByTestId('no-character');
      await expect.poll(() => card.isVisible()).toBe(true);
      expect(await card.textContent()).toContain(message);
      expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    }
    await page.getByTestId('no-character').getByRole('link', { name: 'Create Character' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/characters');
    expect(game.pageErrors).toEqual([]);
  });
});
