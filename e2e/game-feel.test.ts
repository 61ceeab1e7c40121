import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import type { ReplayView } from '../src/common/replays';
import { characters } from '../src/server/db/schema';
import { HELD_PACE, setBattlePace } from './helpers/battle-pace';
import { PHONE, startGame, type Game } from './helpers/game';
import { createFighterThroughUi, navCredits, registerThroughUi, uniquePlayerName } from './helpers/players';

let game: Game;
beforeAll(async () => {
  game = await startGame();
});
afterAll(async () => {
  await game?.close();
});

async function readyToFight(page: Page): Promise<void> {
  await page.goto('/battle');
  await expect.poll(() => page.getByTestId('enemy-name').textContent(), { timeout: 10_000 }).not.toMatch(/^(|Summoning\.\.\.|\?\?\?)$/);
  await expect.poll(() => page.getByTestId('start-battle').isEnabled(), { timeout: 10_000 }).toBe(true);
}

describe('the PvE replay', () => {
  it('Skip jumps a battle shown a beat a minute straight to its outcome', async () => {
    const page = await game.newPage();
    // Without Skip the outcome would take minutes, and the next enemy does not step in while the stage is read.
    await setBattlePace(page, HELD_PACE);
    await registerThroughUi(page, uniquePlayerName('skip'));
    await createFighterThroughUi(page, 'Skipper');
    await readyToFight(page);
    // Nothing plays yet: no Skip.
    expect(await page.getByTestId('skip-battle').count()).toBe(0);

    const answer = page.waitForResponse((r) => r.url().endsWith('/api/battle') && r.request().method() === 'POST');
    await page.getByTestId('start-battle').click();
    const { replayId } = (await (await answer).json()) as { replayId: number };
    const skip = page.getByTestId('skip-battle');
    await skip.waitFor();
    // Keyboard reachable: a focused Skip is pressed with Enter.
    await skip.focus();
    await page.keyboard.press('Enter');

    // At a beat a minute the battle (3 or more beats) would take 3 minutes and more: the outcome comes at once.
    await expect.poll(() => page.getByTestId('battle-result').isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await skip.count()).toBe(0);
    expect(await page.getByTestId('battle-result').textContent()).toMatch(/^(Victory! \+\d+ XP, \+\d+ credits|Defeat\.\.\. \+\d+ XP)/);
    expect(await page.getByTestId('stage-banner').textContent()).toMatch(/^(VICTORY!|DEFEAT)$/);
    await expect.poll(() => page.getByTestId('toast').textContent()).toMatch(/Battle (Won|Lost)/);

    // The whole battle is in the log, as if it had played out, and HP stands as it ended.
    const replay = (await (await page.request.get(`/api/replays/${replayId}`)).json()) as ReplayView;
    const fightLines = page.locator('[data-testid="battle-log-line"]:is([data-tone="player"],[data-tone="enemy"],[data-tone="ko"],[data-tone="fall"])');
    expect(await fightLines.count()).toBe(replay.log.length);
    // The last line in the colour of the player's own outcome.
    const won = (await page.getByTestId('battle-result').textContent())!.startsWith('Victory!');
    expect(await fightLines.last().getAttribute('data-tone')).toBe(won ? 'ko' : 'fall');
    const hps = [await page.getByTestId('player-hp').textContent(), await page.getByTestId('enemy-hp').textContent()];
    const end = replay.events.at(-1);
    expect(end?.type).toBe('end');
    if (end?.type === 'end') expect(hps.map((t) => Number(t!.split('/')[0]))).toEqual(end.hp);

    // The cooldown shows in the nav and on the page, with things to do meanwhile.
    await expect.poll(() => page.getByTestId('nav-cooldown').textContent()).toMatch(/\d+s/);
    await expect.poll(() => page.getByTestId('cooldown-suggestions').isVisible()).toBe(true);
    expect(await page.getByTestId('suggestion-market').getAttribute('href')).toBe('/marketplace');
    expect(game.pageErrors).toEqual([]);
  });

  it('a reload in the middle of a battle shows the outcome of the battle that was fought', async () => {
    const page = await game.newPage();
    // The battle is still showing when the page reloads.
    await setBattlePace(page, HELD_PACE);
    await registerThroughUi(page, uniquePlayerName('reload'));
    await createFighterThroughUi(page, 'Reloader');
    await readyToFight(page);
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/battle') && r.request().method() === 'POST');
    await page.getByTestId('start-battle').click();
    const fought = (await (await answer).json()) as { result: 'victory' | 'defeat'; experienceGained: number };
    await page.getByTestId('skip-battle').waitFor();
    await page.reload();
    await expect.poll(() => page.getByTestId('battle-result').getAttribute('data-result'), { timeout: 10_000 }).toBe(fought.result);
    expect(await page.getByTestId('battle-result').textContent()).toContain(`+${fought.experienceGained} XP`);
    await expect.poll(() => page.getByTestId('battle-log').textContent()).toContain('Your last battle, Reloader vs');
    // Shown once: another visit starts clean.
    await page.reload();
    await page.getByTestId('start-battle').waitFor();
    await expect.poll(() => page.getByTestId('battle-log-empty').isVisible()).toBe(true);
    expect(await page.getByTestId('battle-result').count()).toBe(0);
    expect(game.pageErrors).toEqual([]);
  });
});

describe('a level-up', () => {
  it('shows the level reached on the stage as soon as the outcome shows, in a sentence of its own', async () => {
    const page = await game.newPage();
    // Lv 1 is read while the battle still shows.
    await setBattlePace(page, HELD_PACE);
    await registerThroughUi(page, uniquePlayerName('lvl'));
    const name = `Leveler ${Date.now() % 10000}`;
    await createFighterThroughUi(page, name);
    // One experience point short: any outcome levels up.
    await game.database.db.update(characters).set({ experience: 99 }).where(eq(characters.name, name));
    await readyToFight(page);
    expect(await page.getByTestId('player-level').textContent()).toBe('Lv 1');
    await page.getByTestId('start-battle').click();
    const skip = page.getByTestId('skip-battle');
    await skip.waitFor();
    expect(await page.getByTestId('player-level').textContent()).toBe('Lv 1');
    await skip.click();
    await page.getByTestId('battle-level-up').waitFor();
    expect(await page.getByTestId('player-level').textContent()).toBe('Lv 2');
    expect(await page.getByTestId('battle-level-up').textContent()).toBe('LEVEL UP! Now level 2.');
    await expect.poll(() => page.getByTestId('toast-description').textContent()).toMatch(/^(Victory|Defeat).*[^.]\. LEVEL UP! Now level 2\.$/);
    expect(game.pageErrors).toEqual([]);
  });
});

describe('the enemy threat', () => {
  it('is matched to a new fighter for five fights, then shows on the enemy panel and New Enemy picks it, by mouse and keyboard', async () => {
    const page = await game.newPage();
    await registerThroughUi(page, uniquePlayerName('threat'));
    await createFighterThroughUi(page, 'Threat Seer');
    await readyToFight(page);

    // A new fighter's enemies are picked for it: the picker waits, and says for how long.
    await expect.poll(() => page.getByTestId('enemy-threat').textContent()).toBe('Threat: Low');
    expect(await page.getByRole('radio', { name: /High threat/ }).isDisabled()).toBe(true);
    // The threat in force is checked though the player never chose one.
    expect(await page.getByRole('radio', { name: /Low threat/ }).isChecked()).toBe(true);
    expect(await page.getByTestId('threat-fair-start').textContent()).toBe('Your first fights are matched to you: pick a threat in 5 fights.');

    // Five fights later (wins and losses both count), the player picks.
    await game.database.db.update(characters).set({ wins: 3, losses: 2 }).where(eq(characters.name, 'Threat Seer'));
    await page.reload();
    await readyToFight(page);
    await expect.poll(() => page.getByRole('radio', { name: /High threat/ }).isDisabled()).toBe(false);
    expect(await page.getByTestId('threat-fair-start').count()).toBe(0);
    // Nothing picked yet: the radio checked is the server's default, the threat of the enemy it rolled.
    const applied = await page.getByTestId('enemy-threat').getAttribute('data-threat');
    expect(applied).toMatch(/^(Low|Even|High)$/);
    expect(await page.getByRole('radio', { name: new RegExp(`^${applied} threat`) }).isChecked()).toBe(true);
    expect(await page.locator('input[name="enemy-threat"]:checked').count()).toBe(1);

    const asked = (threat: string) => page.waitForRequest((r) => r.url().includes('/api/enemy') && new URL(r.url()).searchParams.get('threat') === threat);
    const high = asked('high');
    await page.getByTestId('threat-option-high').click();
    await high;
    await expect.poll(() => page.getByTestId('enemy-threat').textContent()).toBe('Threat: High');
    expect(await page.getByRole('radio', { name: /High threat/ }).isChecked()).toBe(true);

    // Arrow keys move between the three threats; each pick rolls an enemy of it.
    const even = asked('even');
    await page.getByRole('radio', { name: /High threat/ }).focus();
    await page.keyboard.press('ArrowLeft');
    await even;
    await expect.poll(() => page.getByTestId('enemy-threat').textContent()).toBe('Threat: Even');

    // New Enemy keeps the threat picked.
    const again = asked('even');
    await page.getByTestId('new-enemy').click();
    await again;
    await expect.poll(() => page.getByTestId('start-battle').isEnabled()).toBe(true);
    expect(await page.getByTestId('enemy-threat').getAttribute('data-threat')).toBe('Even');
    expect(game.pageErrors).toEqual([]);
  });
});

describe('the dashboard', () => {
  it('sends a player without a fighter to the create form, then shows their quests and claims one', async () => {
    const page = await game.newPage(PHONE);
    await registerThroughUi(page, uniquePlayerName('quest'));
    await page.getByTestId('dashboard-start-battle').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/characters');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('character-name-input');
    await page.keyboard.type('Questor');
    await page.getByTestId('create-character-submit').click();
    await page.getByTestId('character-card').waitFor();

    await page.goto('/');
    const panel = page.getByTestId('quest-panel');
    await panel.waitFor();
    expect(await page.getByTestId('quests-reset').textContent()).toMatch(/^Dailies reset at 00:00 UTC \(in (\d+h )?\d+m\)$/);
    await page.getByTestId('quest-list').waitFor();
    // Collapsed, the panel lists the quests to claim only: creating the fighter finished one.
    await expect.poll(() => page.getByTestId('quest').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-state')))).toEqual(['claimable']);
    // Under the best character, which a phone shows first.
    const bestTop = (await page.getByTestId('best-character').boundingBox())!.y;
    expect(bestTop).toBeLessThan((await panel.boundingBox())!.y);
    await page.getByTestId('quests-toggle').click();
    expect(await page.getByTestId('quests-toggle').getAttribute('aria-expanded')).toBe('true');
    const ids = await page.getByTestId('quest').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-quest-id') ?? ''));
    const kinds = ids.map((id) => (id.startsWith('first-steps') ? 'first-steps' : 'daily'));
    expect(kinds).toContain('first-steps');
    expect(kinds).toContain('daily');
    expect(kinds.indexOf('daily')).toBeGreaterThan(kinds.lastIndexOf('first-steps'));
    const bar = page.getByTestId('quest').first().getByRole('progressbar');
    expect(Number(await bar.getAttribute('aria-valuemax'))).toBeGreaterThan(0);
    expect(await bar.getAttribute('aria-valuenow')).not.toBeNull();

    // Creating the fighter finished a first step: its reward is claimed once.
    const claimable = page.locator('[data-testid="quest"][data-state="claimable"]').first();
    await expect.poll(() => claimable.count()).toBe(1);
    const id = await claimable.getAttribute('data-quest-id');
    expect(id).toBe('first-steps:create-fighter');
    const before = await navCredits(page);
    await claimable.getByTestId('quest-claim').click();
    await expect.poll(() => page.getByTestId('toast').textContent()).toContain('Quest Complete!');
    const row = page.locator(`[data-testid="quest"][data-quest-id="${id}"]`);
    await expect.poll(() => row.getAttribute('data-state')).toBe('claimed');
    expect(await row.getByTestId('quest-claim').count()).toBe(0);
    // 'A Fighter Is Born' pays 100 credits.
    await expect.poll(() => navCredits(page)).toBe(before + 100);
    expect(game.pageErrors).toEqual([]);
  });
});
