import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MISS_FLAVORS, missText } from '../src/common/battle-text';
import type { CharacterView } from '../src/common/game-api';
import { characters } from '../src/server/db/schema';
import { skills } from '../src/server/db/schema-skills';
import { duelToTheEnd, findMatch, playerWithFighter } from './helpers/duel';
import { DESKTOP, PHONE, startGame, type Game } from './helpers/game';

/**
 * A real-time duel (/pvp) with a choice (issue 24): the player to move sees Attack and its
 * learned skills, each saying what it does and its cooldown; the other sees no action buttons.
 * A chosen skill lands on both pages and then waits its cooldown.
 */

let game: Game;
beforeAll(async () => {
  game = await startGame();
});
afterAll(async () => {
  await game?.close();
});

/** A level-2 warrior that learned Bitcrush Cleave, signed in on a page of its own. */
async function cleaver(prefix: string, name: string, viewport = DESKTOP): Promise<Page> {
  const page = await playerWithFighter(await game.newPage(viewport), prefix, name);
  const request = page.context().request;
  const [fighter] = (await (await request.get('/api/characters')).json()) as CharacterView[];
  await game.database.db.update(characters).set({ level: 2, skillPoints: 1 }).where(eq(characters.id, fighter!.id));
  const [cleave] = await game.database.db.select().from(skills).where(eq(skills.key, 'warrior_bitcrush_cleave'));
  expect((await request.post(`/api/characters/${fighter!.id}/learn-skill`, { data: { skillId: cleave!.id } })).status()).toBe(200);
  return page;
}

/** Screenshots of the battle for a look at it: DUEL_SHOTS=/tmp/dir writes PNGs there. */
async function shot(page: Page, name: string) {
  const dir = process.env.DUEL_SHOTS;
  const battle = page.getByTestId('real-pvp').or(page.getByTestId('pvp-battle'));
  if (dir) await battle.screenshot({ path: `${dir}/${name}.png`, animations: 'disabled' });
}

const isMine = async (p: Page) => (await p.getByTestId('real-pvp-turn').getAttribute('data-mine')) === 'true';

describe('a real-time duel with a skill choice', () => {
  it('the player to move picks a learned skill beside Attack; it lands on both pages, then waits its cooldown', async () => {
    const a = await cleaver('skA', 'Byte Axe');
    const b = await cleaver('skB', 'Bit Hammer', PHONE);
    for (const p of [a, b]) await p.goto('/pvp');
    await findMatch(a);
    // Alone in the queue: the time waited counts up and the estimate down (a ghost is due at 20 s).
    const wait = a.getByTestId('real-pvp-wait');
    await expect.poll(() => wait.textContent()).toMatch(/^Waited \d+s · paired the moment someone fits; a ghost of your level in ~\d+s if one fits$/);
    const firstRead = await wait.textContent();
    await expect.poll(() => wait.textContent()).not.toBe(firstRead);
    await findMatch(b);
    for (const p of [a, b]) await expect.poll(() => p.getByTestId('real-pvp').getAttribute('data-phase')).toBe('active');

    const [first, second] = (await isMine(a)) ? [a, b] : [b, a];
    // Only the player whose turn it is sees the action buttons.
    await expect.poll(() => first.getByTestId('real-pvp-skill').count()).toBe(1);
    expect(await first.getByTestId('real-pvp-attack').count()).toBe(1);
    expect(await second.getByTestId('real-pvp-attack').count()).toBe(0);
    expect(await second.getByTestId('real-pvp-skill').count()).toBe(0);
    expect(await second.getByTestId('pvp-forfeit').count()).toBe(1);

    const skill = first.getByTestId('real-pvp-skill');
    expect(await skill.textContent()).toBe('Bitcrush Cleave(Ready)');
    expect(await first.getByTestId('real-pvp-skill-help').textContent()).toBe('Hits for ×1.48 damage. Cooldown: 3 turns.');
    const label = (p: Page) => (p === a ? 'desktop' : 'phone');
    await shot(first, `duel-skill-choice-${label(first)}`);
    await shot(second, `duel-waiting-${label(second)}`);
    await skill.click();

    // The skill is told on both pages' logs: its blow, or a miss in any of the wordings the
    // engine draws from (the first move of the duel; the cooldown below shows it was the skill).
    const [mover, target] = first === a ? ['Byte Axe', 'Bit Hammer'] : ['Bit Hammer', 'Byte Axe'];
    const misses = Array.from({ length: MISS_FLAVORS }, (_, flavor) => missText(mover, target, flavor));
    const told = (lines: string[]) => lines.some((line) => line.includes(`${mover} unleashes Bitcrush Cleave`) || misses.some((miss) => line.includes(miss)));
    for (const p of [first, second]) {
      await expect.poll(async () => told(await p.getByTestId('real-pvp-log-line').allTextContents()), { timeout: 15_000 }).toBe(true);
    }
    // The turn passes: the buttons move to the other page.
    await expect.poll(() => first.getByTestId('real-pvp-attack').count()).toBe(0);
    await expect.poll(() => second.getByTestId('real-pvp-skill').count()).toBe(1);
    await shot(second, `duel-skill-choice-${label(second)}`);
    await second.getByTestId('real-pvp-attack').click();

    // Back to the first: the skill waits its cooldown, greyed with the turns left.
    await expect.poll(() => first.getByTestId('real-pvp-skill').count(), { timeout: 15_000 }).toBe(1);
    expect(await first.getByTestId('real-pvp-skill-ready').textContent()).toBe('(Ready in 3 turns)');
    expect(await first.getByTestId('real-pvp-skill').isDisabled()).toBe(true);
    await shot(first, `duel-skill-waiting-${label(first)}`);

    await duelToTheEnd([a, b]);
    const outcomes = await Promise.all([a, b].map((p) => p.getByTestId('real-pvp-result').getAttribute('data-result')));
    expect([...outcomes].sort()).toEqual(['defeat', 'victory']);
    expect(game.pageErrors).toEqual([]);
  }, 240_000);

  it('/pvp-arena counts turns from 1, says what Special and Defend do, and shows the rating a battle left', async () => {
    const a = await playerWithFighter(await game.newPage(), 'qA', 'Queue Left');
    const b = await playerWithFighter(await game.newPage(PHONE), 'qB', 'Queue Right');
    for (const p of [a, b]) await p.goto('/pvp-arena');
    await a.getByTestId('pvp-join-queue').click();
    await expect.poll(() => a.getByTestId('pvp-phase').getAttribute('data-phase')).toBe('searching');
    await b.getByTestId('pvp-join-queue').click();
    for (const p of [a, b]) await expect.poll(() => p.getByTestId('pvp-battle').count()).toBe(1);

    const mover = async () => ((await a.getByTestId('pvp-battle').getAttribute('data-my-turn')) === 'true' ? a : b);
    const first = await mover();
    for (const p of [a, b]) expect(await p.getByTestId('pvp-turn-count').textContent()).toBe('Turn 1');
    // A level-1 warrior: magic 6, attack 30 (the numbers of the fighter shown).
    expect(await first.getByTestId('pvp-move-help-special').textContent()).toMatch(/^Glitch Surge: ×1\.5 damage that runs on magic \(yours \d+, attack \d+\); then waits 2 turns\. Weaker than Attack for you\.$/);
    expect(await first.getByTestId('pvp-move-help-defend').textContent()).toContain('Halves the next hit you take');
    await shot(first, `queue-moves-${first === a ? 'desktop' : 'phone'}`);

    // One move each, then a forfeit: a contest, so the ratings move.
    await first.getByTestId('pvp-move-attack').click();
    const second = first === a ? b : a;
    await expect.poll(() => second.getByTestId('pvp-battle').getAttribute('data-my-turn')).toBe('true');
    expect(await second.getByTestId('pvp-turn-count').textContent()).toBe('Turn 2');
    await second.getByTestId('pvp-move-defend').click();
    await expect.poll(() => first.getByTestId('pvp-battle').getAttribute('data-my-turn')).toBe('true');
    await first.getByTestId('pvp-forfeit').click();
    await first.getByTestId('pvp-forfeit-confirm').click();
    for (const p of [a, b]) {
      await expect.poll(() => p.getByTestId('pvp-rating-change').count()).toBe(1);
      const after = /→ (\d+)/.exec((await p.getByTestId('pvp-rating-change').textContent())!)![1];
      await expect.poll(() => p.getByTestId('player-rating').textContent()).toMatch(new RegExp(`^PvP rating ${after} ± \\d+$`));
    }
    expect(game.pageErrors).toEqual([]);
  }, 240_000);
});
