import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setBattlePace } from './helpers/battle-pace';
import { playerWithFighter } from './helpers/duel';
import { PHONE, startGame, type Game } from './helpers/game';

/** 'Watch replay' where a finished battle is told: a character's history and guild battle results. */

let game: Game;
beforeAll(async () => {
  game = await startGame();
});
afterAll(async () => {
  await game?.close();
});

async function ok(res: { ok(): boolean; text(): Promise<string> }, what: string) {
  if (!res.ok()) throw new Error(`${what}: ${await res.text()}`);
}

/** Follows a 'Watch replay' link and answers the replay id it opened, once the replay shows. */
async function follow(page: Page, link: ReturnType<Page['getByTestId']>): Promise<number> {
  await link.click();
  await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/replay\/\d+$/);
  await page.getByTestId('replay-view').waitFor();
  return Number(new URL(page.url()).pathname.split('/').pop());
}

describe('Watch replay links', () => {
  it("a character's history lists its battles, each with its replay", async () => {
    const page = await playerWithFighter(await game.newPage(PHONE), 'hist', 'Memory Leak');
    await setBattlePace(page);
    const [character] = await (await page.request.get('/api/characters')).json();
    const fought = await page.request.post('/api/battle', { data: { characterId: character.id } });
    await ok(fought, 'battle');
    const { replayId } = await fought.json();

    await page.goto('/characters');
    await page.getByTestId('character-details').click();
    const entry = page.getByTestId('character-detail').getByTestId('battle-history-entry');
    await expect.poll(() => entry.count()).toBe(1);
    expect(await entry.getAttribute('data-replay-id')).toBe(String(replayId));
    expect(await entry.textContent()).toMatch(/^(Victory|Defeat)PvE vs /);
    expect(await follow(page, entry.getByTestId('watch-replay'))).toBe(replayId);
    expect(await page.getByTestId('player-name').textContent()).toBe('Memory Leak');
    expect(game.pageErrors).toEqual([]);
  });

  it('each duel of a guild battle links to its replay', async () => {
    const red = await playerWithFighter(await game.newPage(), 'gRed', 'Crimson Byte');
    const blue = await playerWithFighter(await game.newPage(), 'gBlue', 'Azure Byte', 'mage', 'mage1');
    const stamp = Date.now() % 100000;
    for (const [page, name] of [[red, `Red Replay ${stamp}`], [blue, `Blue Replay ${stamp}`]] as const) {
      await ok(await page.request.post('/api/guilds', { data: { name, guildAvatar: 'star', isPrivate: false, maxMembers: 20 } }), 'guild');
    }
    const blueGuild = await (await blue.request.get('/api/guilds/my-guild')).json();
    const challenge = await red.request.post('/api/guilds/battles', { data: { defenderGuildId: blueGuild.id, maxParticipants: 1 } });
    await ok(challenge, 'challenge');
    await ok(await blue.request.post(`/api/guilds/battles/${(await challenge.json()).id}/accept`), 'accept');

    await red.goto('/guilds');
    await red.getByTestId('guild-tab-battles').click();
    const duelLink = red.getByTestId('guild-battle').getByTestId('watch-replay');
    await expect.poll(() => duelLink.count()).toBe(1);
    expect(await duelLink.getAttribute('aria-label')).toBe('Watch replay: Crimson Byte vs Azure Byte');
    await follow(red, duelLink);
    expect(await red.getByTestId('replay-kind').textContent()).toBe('Guild duel');
    expect([await red.getByTestId('player-name').textContent(), await red.getByTestId('enemy-name').textContent()]).toEqual(['Crimson Byte', 'Azure Byte']);
    expect(game.pageErrors).toEqual([]);
  });
});
