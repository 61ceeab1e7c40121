import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setBattlePace } from './helpers/battle-pace';
import { PHONE, startGame, type Game } from './helpers/game';
import { uniquePlayerName } from './helpers/players';

let game: Game;
beforeAll(async () => {
  game = await startGame();
});
afterAll(async () => {
  await game?.close();
});

async function signedIn(page: Page, fighter?: string): Promise<void> {
  const request = page.context().request;
  await request.post('/api/register', { data: { username: uniquePlayerName('rp').slice(0, 20), password: 'glitch-pass' } });
  if (fighter) await request.post('/api/characters', { data: { name: fighter, class: 'mage', characterAvatar: 'mage1' } });
}

const texts = (page: Page, testId: string) => page.getByTestId(testId).allTextContents();

describe('replays by link', () => {
  let replayPath = '';
  let fightLog: string[] = [];
  let fighters: string[] = [];

  it('a finished PvE battle links to its replay, which a second player sees the same', async () => {
    const a = await game.newPage();
    await setBattlePace(a);
    await signedIn(a, 'Rerun Mage');
    await a.goto('/battle');
    const start = a.getByTestId('start-battle');
    await expect.poll(() => start.isEnabled()).toBe(true);
    await start.click();
    await a.getByTestId('battle-result').waitFor();
    // The battle's own lines, after the 'FIGHT!' line of the screen and without the note of what
    // the victory dropped (a reward, not a move of the fight).
    fightLog = (await texts(a, 'battle-log-line')).slice(1).filter((line) => !line.startsWith('🎁 Dropped:'));
    expect(fightLog.length).toBeGreaterThan(1);

    // The result's toast tells the battle screen's fight: it leaves with that screen, not over the replay's controls.
    await expect.poll(() => a.getByTestId('toast-title').textContent()).toMatch(/^Battle (Won!|Lost)$/);
    await a.getByTestId('watch-replay').click();
    await expect.poll(() => new URL(a.url()).pathname).toMatch(/^\/replay\/\d+$/);
    replayPath = new URL(a.url()).pathname;
    await a.getByTestId('replay-result').waitFor();
    // Closed as the battle screen went, not at the end of its own five seconds.
    expect(await a.locator('[data-testid="toast"][data-state="open"]').count()).toBe(0);
    fighters = [await a.getByTestId('player-name').textContent(), await a.getByTestId('enemy-name').textContent()].map(String);
    expect(fighters[0]).toBe('Rerun Mage');
    expect(await texts(a, 'replay-log-line')).toEqual(fightLog);
    expect(await a.getByTestId('replay-kind').textContent()).toBe('PvE battle');

    // Another player, on a phone: the same fighters, the same log, nothing wider than the screen.
    const b = await game.newPage(PHONE);
    await setBattlePace(b);
    await signedIn(b);
    await b.goto(replayPath);
    await b.getByTestId('replay-result').waitFor();
    expect([await b.getByTestId('player-name').textContent(), await b.getByTestId('enemy-name').textContent()]).toEqual(fighters);
    expect(await texts(b, 'replay-log-line')).toEqual(fightLog);
    expect(await b.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(game.pageErrors).toEqual([]);
  });

  it('plays and pauses, steps a move at a time, changes speed and copies its link', async () => {
    const page = await game.newPage();
    await setBattlePace(page, { stepMs: 600, nextEnemyMs: 80 });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: game.base });
    await signedIn(page);
    await page.goto(replayPath);
    const play = page.getByTestId('replay-play');
    const position = page.getByTestId('replay-position');
    const index = async () => Number(await position.getAttribute('data-index'));
    // It starts playing by itself; pausing holds it where it is.
    await expect.poll(() => play.getAttribute('data-playing')).toBe('true');
    await play.click();
    await expect.poll(() => play.getAttribute('data-playing')).toBe('false');
    // Where it stopped depends on how fast the page came up: at the end (a busy machine) a step
    // back then forward, else a step forward then back.
    const at = await index();
    const [there, back, moved] = at > 0 ? (['replay-step-back', 'replay-step', at - 1] as const) : (['replay-step', 'replay-step-back', at + 1] as const);
    await page.getByTestId(there).click();
    await expect.poll(index).toBe(moved);
    expect(await page.getByTestId('replay-log-line').count()).toBe(moved);
    await page.getByTestId(back).click();
    await expect.poll(index).toBe(at);
    expect(await page.getByTestId('replay-log-line').count()).toBe(at);

    await page.getByTestId('replay-speed-4').click();
    expect(await page.getByTestId('replay-speed-4').getAttribute('aria-checked')).toBe('true');
    expect(await page.getByTestId('replay-speed-1').getAttribute('aria-checked')).toBe('false');
    await play.click();
    await page.getByTestId('replay-result').waitFor();
    expect(await texts(page, 'replay-log-line')).toEqual(fightLog);

    await page.getByTestId('replay-copy-link').click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(`${game.base}${replayPath}`);
    expect(game.pageErrors).toEqual([]);
  });

  it('an unknown replay says it was not found', async () => {
    const page = await game.newPage();
    await signedIn(page);
    for (const path of ['/replay/987654321', '/replay/not-a-number']) {
      await page.goto(path);
      await page.getByTestId('replay-not-found').waitFor();
      const text = await page.getByTestId('replay-not-found').textContent();
      expect(text).toContain('Replay not found');
      // Said in the player's words, not the status code's.
      expect(text).toContain('No battle has this link.');
      expect(text).not.toMatch(/\b404\b/);
    }
    expect(game.pageErrors).toEqual([]);
  });
});
