import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { uniquePlayerName } from './players';

/** A signed-in player (registered over HTTP) with a fighter, on a page of their own. */
export async function playerWithFighter(page: Page, prefix: string, fighter: string, cls = 'warrior', avatar = 'warrior1'): Promise<Page> {
  const request = page.context().request;
  await request.post('/api/register', { data: { username: uniquePlayerName(prefix).slice(0, 20), password: 'glitch-pass' } });
  await request.post('/api/characters', { data: { name: fighter, class: cls, characterAvatar: avatar } });
  return page;
}

/** Presses Find Match on /pvp once the socket is up, and waits until the search is under way. */
export async function findMatch(page: Page): Promise<void> {
  await expect.poll(() => page.getByTestId('real-pvp-find').isEnabled()).toBe(true);
  await page.getByTestId('real-pvp-find').click();
  await expect.poll(() => page.getByTestId('real-pvp').getAttribute('data-phase')).not.toBe('joining');
}

/** When the turn shown on a real-time page runs out: a new turn has a new deadline. */
const turnDeadline = (p: Page) => p.getByTestId('real-pvp-timer').getAttribute('data-deadline', { timeout: 1000 }).catch(() => null);

/** The real-time page: whoever's turn line says so presses Attack until every page shows a result. */
export async function duelToTheEnd(pages: Page[], timeoutMs = 90_000): Promise<void> {
  const ended = async () => (await Promise.all(pages.map((p) => p.getByTestId('real-pvp-result').count()))).every((n) => n > 0);
  const mine = async (p: Page) => (await p.getByTestId('real-pvp-turn').getAttribute('data-mine', { timeout: 500 }).catch(() => null)) === 'true';
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await ended()) return;
    let acted = false;
    for (const p of pages) {
      const attack = p.getByTestId('real-pvp-attack');
      // (Attack can go between two looks, when the turn passes: a look that finds none moves on.)
      if ((await mine(p)) && (await attack.isEnabled({ timeout: 1000 }).catch(() => false))) {
        const turnEnds = await turnDeadline(p);
        await attack.click({ timeout: 30_000 }).catch(() => undefined);
        acted = true;
        // The press goes out once: wait for the turn to pass (or the duel to end) before looking again.
        // Only the player to move sees Attack: it goes away when the turn passes. A ghost answers
        // at once, so Attack can be back before a look sees it gone; every turn has its own deadline.
        await expect
          .poll(
            async () =>
              (await p.getByTestId('real-pvp-result').count()) > 0 ||
              (await attack.count()) === 0 ||
              (await attack.isDisabled({ timeout: 1000 }).catch(() => false)) ||
              (await turnDeadline(p)) !== turnEnds,
          )
          .toBe(true);
      }
    }
    // Nobody could press (the other side, a ghost, is thinking): wait for a page's turn or the end.
    if (!acted) {
      await expect
        .poll(async () => (await ended()) || (await Promise.all(pages.map(mine))).some(Boolean), { timeout: Math.max(1000, deadline - Date.now()) })
        .toBe(true);
    }
  }
  throw new Error('the duel did not end');
}

/** The fight's lines on a fighter's /pvp page (between 'Opponent found', 'FIGHT!' and the closing line). */
export const fighterLog = (page: Page) => page.getByTestId('real-pvp-log-line').allTextContents().then((lines) => lines.slice(2, -1));

/** The fight's lines on a watcher's spectator panel. */
export const spectatorLog = (page: Page) => page.getByTestId('spectator-log-line').allTextContents();

/**
 * The fight as every page shows it, once they all agree: a page may still be playing the last
 * blows when the result already shows, so a log read at once can be short.
 */
export async function sameFightSeen(logs: (() => Promise<string[]>)[], minLines = 1): Promise<string[]> {
  let fight: string[] = [];
  await expect
    .poll(async () => {
      const seen = await Promise.all(logs.map((log) => log()));
      fight = seen[0]!;
      return fight.length >= minLines && seen.every((lines) => JSON.stringify(lines) === JSON.stringify(fight));
    })
    .toBe(true);
  return fight;
}
