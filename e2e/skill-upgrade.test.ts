import { mkdirSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upgradeCost } from '../src/common/skills';
import { characters, users } from '../src/server/db/schema';
import { characterSkills, skills } from '../src/server/db/schema-skills';
import { PHONE, startGame, type Game } from './helpers/game';
import { createFighterThroughUi, registerThroughUi, uniquePlayerName } from './helpers/players';

/** Skills that grow (issue 16): 'Upgrade Skill (n SP)' on /equipment Skills and on /skills. */

let game: Game;
beforeAll(async () => {
  game = await startGame();
});
afterAll(async () => {
  await game?.close();
});

const SHOTS = process.env.SHOTS_DIR;

async function characterOf(name: string) {
  const [row] = await game.database.db
    .select({ id: characters.id })
    .from(characters)
    .innerJoin(users, eq(users.id, characters.userId))
    .where(eq(users.username, name));
  return row!.id;
}

async function skillByKey(key: string) {
  const [row] = await game.database.db.select().from(skills).where(eq(skills.key, key));
  return row!;
}

const levelOf = async (characterId: number, skillId: number) =>
  (
    await game.database.db
      .select({ level: characterSkills.level })
      .from(characterSkills)
      .where(and(eq(characterSkills.characterId, characterId), eq(characterSkills.skillId, skillId)))
  )[0]?.level;

describe('upgrading a learned skill', () => {
  it('raises it from the Skills tab and from /skills, and says why when it cannot', async () => {
    const page = await game.newPage();
    const name = uniquePlayerName('grower');
    await registerThroughUi(page, name);
    await createFighterThroughUi(page, 'Skill Grower', 'mage1', 'mage');
    const id = await characterOf(name);
    const ward = await skillByKey('mage_cache_attunement');
    const cost = upgradeCost(ward, 1);
    await game.database.db.update(characters).set({ level: 9, skillPoints: ward.baseCost + cost }).where(eq(characters.id, id));

    // Learn it on the Skills tab: the learned card offers the upgrade with its cost.
    await page.goto('/equipment');
    await page.getByTestId('equipment-tab-skills').click();
    await page.getByTestId(`learn-skill-${ward.id}`).click();
    const upgrade = page.getByTestId(`upgrade-skill-${ward.id}`);
    await expect.poll(() => upgrade.textContent()).toContain(`Upgrade Skill (${cost} SP)`);
    await expect.poll(() => upgrade.isEnabled()).toBe(true);
    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: `${SHOTS}/equipment-skills-upgrade.png`, fullPage: true });
    }
    await upgrade.click();
    await expect.poll(() => page.getByTestId('toast').textContent()).toContain('Skill upgraded successfully!');
    await expect.poll(() => page.getByTestId(`learned-skill-${ward.id}`).getByTestId('learned-level').textContent()).toBe(`Lv 2/${ward.maxLevel}`);
    expect(await levelOf(id, ward.id)).toBe(2);
    await expect.poll(() => page.getByTestId('skills-tab-points').textContent()).toBe('0');

    // Out of points: the button stays, disabled, with the reason as its title.
    await expect.poll(() => upgrade.isDisabled()).toBe(true);
    expect(await page.getByTestId(`upgrade-skill-reason-${ward.id}`).getAttribute('title')).toBe('Not enough skill points');

    // On /skills, with points again: the card upgrades and shows the new level.
    await game.database.db.update(characters).set({ skillPoints: 10 }).where(eq(characters.id, id));
    const phone = await game.newPage(PHONE);
    await phone.context().addCookies(await page.context().cookies());
    for (const p of [page, phone]) {
      await p.goto('/skills');
      await p.getByTestId(`skill-card-${ward.id}`).waitFor();
    }
    const onSkills = page.getByTestId(`upgrade-skill-${ward.id}`);
    await expect.poll(() => onSkills.textContent()).toContain(`Upgrade Skill (${upgradeCost(ward, 2)} SP)`);
    if (SHOTS) {
      await page.getByTestId(`skill-card-${ward.id}`).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/skills-upgrade.png` });
      await phone.getByTestId(`skill-card-${ward.id}`).scrollIntoViewIfNeeded();
      await phone.screenshot({ path: `${SHOTS}/skills-upgrade-phone.png` });
    }
    await onSkills.click();
    await expect.poll(() => page.getByTestId(`skill-card-${ward.id}`).textContent()).toContain(`Lv 3/${ward.maxLevel}`);
    expect(await levelOf(id, ward.id)).toBe(3);

    // The next level needs a higher character level: disabled, naming it.
    const reason = page.getByTestId(`upgrade-skill-reason-${ward.id}`);
    await expect.poll(() => reason.getAttribute('title')).toMatch(/Requires level \d+/);
    expect(await page.getByTestId(`upgrade-skill-${ward.id}`).isDisabled()).toBe(true);
    expect(game.pageErrors).toEqual([]);
  });
});
