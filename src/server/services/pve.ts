import { eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { PVE_COOLDOWN_MS } from '@common/constants';
import type { BattleResultView, EnemyView } from '@common/game-api';
import { enemySpriteFile } from '@common/sprite-files';
import { pveEnemies } from '../db/schema';
import { formatLog } from '@common/battle-text';
import { maxHp } from '../domain/battle';
import { runAiBattle } from '../domain/engine-replay';
import { rollEnemy, type Enemy } from '../domain/enemies';
import { cooldownMessage, cooldownRemainingMs, pveRewards } from '../domain/progression';
import { createRng } from '../domain/rng';
import { assertNotListed, currentCharacterRow, ownedCharacter, viewsOf } from './characters';
import { notFound, tooMany } from './errors';
import { grantVictoryMaterials } from './forge';
import { fighterOf } from './loadout';
import { replaySide, storeReplay } from './replays';
import { grantBattleReward } from './rewards';
import { newSeed } from './seeds';
import { transact } from './transaction';

export function enemyView(enemy: Enemy): EnemyView {
  return { ...enemy, maxHp: maxHp(enemy.stats), sprite: enemySpriteFile(enemy.class) };
}

/** Rolls a new enemy around the level of the player's current (best) character (±1) and remembers it. */
export async function rollEnemyFor({ db, clock }: AppContext, userId: number): Promise<EnemyView> {
  const best = await currentCharacterRow(db, userId);
  if (!best) throw notFound('Create a character first');
  const enemy = rollEnemy(createRng(newSeed()), best.level);
  const rolledAt = clock.now();
  await db
    .insert(pveEnemies)
    .values({ userId, enemy, rolledAt })
    .onConflictDoUpdate({ target: pveEnemies.userId, set: { enemy, rolledAt } });
  return enemyView(enemy);
}

/**
 * Fights the player's remembered enemy (rolling one if there is none): ownership, listing and
 * cooldown checked, rewards and level-ups applied in one transaction.
 */
export async function fight(ctx: AppContext, user: { id: number; username: string }, characterId: number): Promise<BattleResultView> {
  const { id: userId, username } = user;
  const now = ctx.clock.now();
  return transact(ctx, async (tx) => {
    const row = await ownedCharacter(tx, userId, characterId, true);
    await assertNotListed(tx, characterId, 'fight');
    const remaining = cooldownRemainingMs(row.lastBattleAt, now, PVE_COOLDOWN_MS);
    if (remaining > 0) throw tooMany(cooldownMessage('Battle', remaining));

    const [remembered] = await tx.select().from(pveEnemies).where(eq(pveEnemies.userId, userId)).limit(1);
    const enemy = remembered?.enemy ?? rollEnemy(createRng(newSeed()), row.level);

    const player = await fighterOf(tx, row);
    const seed = newSeed();
    const played = runAiBattle('pve', [player, { ...enemy, abilities: [] }], seed);
    const won = played.state.winner === 0;
    const result = won ? ('victory' as const) : ('defeat' as const);
    const rewards = pveRewards(result, enemy.level);

    const replayId = await storeReplay(tx, {
      kind: 'pve',
      record: played.record,
      sides: [
        replaySide({ characterId, userId, username, characterAvatar: row.characterAvatar, imageSet: row.imageSet }),
        replaySide({ sprite: enemySpriteFile(enemy.class) }),
      ],
      winner: played.state.winner!,
      reason: played.state.reason!,
      createdAt: now,
    });
    const reward = { ...rewards, won, kind: 'pve' as const, reference: `replay:${replayId}` };
    const { character: updated, gain } = await grantBattleReward(tx, row, reward, now);
    const materialsGained = won ? await grantVictoryMaterials(tx, userId, enemy.level, seed) : [];
    const [character] = await viewsOf(tx, [updated]);

    return {
      battleLog: formatLog(played.events).map((line) => ({
        message: line.message,
        attacker: line.attacker,
        defenderHp: line.defenderHp,
        defender: line.target === 0 ? ('player' as const) : ('enemy' as const),
      })),
      result,
      experienceGained: rewards.experience,
      creditsGained: rewards.credits,
      levelsGained: gain.levelsGained,
      materialsGained,
      enemy: enemyView(enemy),
      character: character!,
      events: played.events,
      replayId,
    };
  });
}
