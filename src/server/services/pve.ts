import { desc, eq } from 'drizzle-orm';
import { PVE_COOLDOWN_MS } from '@common/constants';
import type { BattleResultView, EnemyView } from '@common/game-api';
import { enemySpriteFile } from '@common/sprite-files';
import type { Db } from '../db/client';
import { characters, pveBattles, pveEnemies } from '../db/schema';
import { maxHp, runBattle } from '../domain/battle';
import { rollEnemy, type Enemy } from '../domain/enemies';
import { applyExperience, cooldownMessage, cooldownRemainingMs, pveRewards } from '../domain/progression';
import { createRng } from '../domain/rng';
import { announceLevelUp } from './chat';
import { assertNotListed, ownedCharacter, refreshPlayerStanding, viewsOf } from './characters';
import { notFound, tooMany } from './errors';
import { grantVictoryMaterials } from './forge';
import { creditGuildVictory } from './guilds-members';
import { moveCredits } from './ledger';
import { fighterOf } from './loadout';
import { newSeed } from './seeds';

export function enemyView(enemy: Enemy): EnemyView {
  return { ...enemy, maxHp: maxHp(enemy.stats), sprite: enemySpriteFile(enemy.class) };
}

/** Rolls a new enemy around the level of the player's best character (±1) and remembers it. */
export async function rollEnemyFor(db: Db, userId: number): Promise<EnemyView> {
  const [best] = await db
    .select({ level: characters.level })
    .from(characters)
    .where(eq(characters.userId, userId))
    .orderBy(desc(characters.level))
    .limit(1);
  if (!best) throw notFound('Create a character first');
  const enemy = rollEnemy(createRng(newSeed()), best.level);
  await db
    .insert(pveEnemies)
    .values({ userId, enemy })
    .onConflictDoUpdate({ target: pveEnemies.userId, set: { enemy, rolledAt: new Date() } });
  return enemyView(enemy);
}

/**
 * Fights the player's remembered enemy (rolling one if there is none): ownership, listing and
 * cooldown checked, rewards and level-ups applied in one transaction.
 */
export async function fight(db: Db, userId: number, characterId: number, now = new Date()): Promise<BattleResultView> {
  const result = await db.transaction(async (tx) => {
    const row = await ownedCharacter(tx, userId, characterId, true);
    await assertNotListed(tx, characterId, 'fight');
    const remaining = cooldownRemainingMs(row.lastBattleAt, now, PVE_COOLDOWN_MS);
    if (remaining > 0) throw tooMany(cooldownMessage('Battle', remaining));

    const [remembered] = await tx.select().from(pveEnemies).where(eq(pveEnemies.userId, userId)).limit(1);
    const enemy = remembered?.enemy ?? rollEnemy(createRng(newSeed()), row.level);

    const player = await fighterOf(tx, row);
    const seed = newSeed();
    const outcome = runBattle(player, enemy, seed);
    const rewards = pveRewards(outcome.result, enemy.level);
    const gain = applyExperience(row, rewards.experience);
    const won = outcome.result === 'victory';

    const [updated] = await tx
      .update(characters)
      .set({
        level: gain.level,
        experience: gain.experience,
        statPoints: row.statPoints + gain.statPointsGained,
        skillPoints: row.skillPoints + gain.skillPointsGained,
        wins: row.wins + (won ? 1 : 0),
        losses: row.losses + (won ? 0 : 1),
        lastBattleAt: now,
      })
      .where(eq(characters.id, characterId))
      .returning();
    const [battle] = await tx
      .insert(pveBattles)
      .values({
        userId,
        characterId,
        seed,
        enemy,
        result: outcome.result,
        experienceGained: rewards.experience,
        creditsGained: rewards.credits,
        createdAt: now,
      })
      .returning({ id: pveBattles.id });
    if (rewards.credits > 0) {
      await moveCredits(tx, { userId, delta: rewards.credits, reason: 'pve_reward', reference: `pve_battle:${battle!.id}` });
    }
    const materialsGained = won ? await grantVictoryMaterials(tx, userId, enemy.level, seed) : [];
    if (won) await creditGuildVictory(tx, userId, 'pve');
    await refreshPlayerStanding(tx, userId);
    const [character] = await viewsOf(tx, [updated!]);

    return {
      battleLog: outcome.log.map((entry) => ({
        message: entry.message,
        attacker: entry.attacker,
        defenderHp: entry.defenderHp,
        defender: entry.side === 'a' ? ('enemy' as const) : ('player' as const),
      })),
      result: outcome.result,
      experienceGained: rewards.experience,
      creditsGained: rewards.credits,
      levelsGained: gain.levelsGained,
      materialsGained,
      enemy: enemyView(enemy),
      character: character!,
    };
  });
  // Announced once committed; an announcement never fails the battle.
  if (result.levelsGained > 0) await announceLevelUp(db, userId, result.character.name, result.character.level);
  return result;
}
