import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { PVE_COOLDOWN_MS } from '@common/constants';
import type { BattleResultView, EnemyView, Threat } from '@common/game-api';
import { enemySpriteFile } from '@common/sprite-files';
import { rowsOf } from '../db/client';
import { characters, pveEnemies } from '../db/schema';
import { userMaterials } from '../db/schema-forge';
import type { ReplaySide } from '../db/schema-replays';
import { formatLog } from '@common/battle-text';
import { maxHp } from '../domain/battle';
import { runAiBattle } from '../domain/engine-replay';
import { enemyFighter, enemyFor, type Enemy } from '../domain/enemies';
import type { Fighter } from '../domain/battle';
import { battleEvents } from '../domain/events';
import { rollMaterialDrops, victoryDropSeed } from '../domain/forge';
import { materialById } from '../domain/forge-sets';
import { applyExperience, cooldownMessage, cooldownRemainingMs, pveRewards } from '../domain/progression';
import { createRng } from '../domain/rng';
import { characterView } from './character-view';
import { currentCharacterRow, listedMessage } from './characters';
import { conflict, forbidden, notFound, tooMany } from './errors';
import { extrasColumns, fighterFrom, fighterOf, loadoutFrom } from './loadout';
import { creditMoves } from './ledger';
import { eventsInsert } from './outbox';
import { replayInsert, replaySide } from './replays';
import { newSeed } from './seeds';
import { transact } from './transaction';

export function enemyView(enemy: Enemy): EnemyView {
  return { ...enemy, maxHp: maxHp(enemy.stats), sprite: enemySpriteFile(enemy.class) };
}

/** An enemy for the fighter: fair-start tuned for its first battles, then matched to its power at `threat`. */
function enemyForFighter(fighter: Fighter, battles: number, threat: Threat): Enemy {
  return enemyFor(createRng(newSeed()), { fighter, battles }, threat);
}

/** Rolls a new enemy for the player's current (best) character at `threat` and remembers it. */
export async function rollEnemyFor({ db, clock }: AppContext, userId: number, threat: Threat = 'Even'): Promise<EnemyView> {
  const best = await currentCharacterRow(db, userId);
  if (!best) throw notFound('Create a character first');
  const enemy = enemyForFighter(await fighterOf(db, best), best.wins + best.losses, threat);
  const rolledAt = clock.now();
  await db
    .insert(pveEnemies)
    .values({ userId, enemy, rolledAt })
    .onConflictDoUpdate({ target: pveEnemies.userId, set: { enemy, rolledAt } });
  return enemyView(enemy);
}

/**
 * Fights the player's remembered enemy (rolling one if there is none): ownership, listing and
 * cooldown checked, rewards and level-ups applied in one transaction of two statements: one
 * reads the character (locked) with its gear, skills, listing and remembered enemy; one writes
 * the replay, the character, the credits with their ledger row, the dropped materials and the
 * battle's domain events.
 */
export async function fight(ctx: AppContext, user: { id: number; username: string }, characterId: number): Promise<BattleResultView> {
  const { id: userId, username } = user;
  const now = ctx.clock.now();
  return transact(ctx, async (tx) => {
    // 1. The character, locked, and all the battle needs.
    const [found] = await tx
      .select({ character: characters, ...extrasColumns, enemy: rememberedEnemy })
      .from(characters)
      .where(eq(characters.id, characterId))
      .for('update');
    if (!found) throw notFound('Character not found');
    const row = found.character;
    if (row.userId !== userId) throw forbidden('This character is not yours');
    if (found.listing) throw conflict(listedMessage('fight'));
    const remaining = cooldownRemainingMs(row.lastBattleAt, now, PVE_COOLDOWN_MS);
    if (remaining > 0) throw tooMany(cooldownMessage('Battle', remaining));

    const loadout = loadoutFrom(found);
    const player = fighterFrom(row, loadout);
    const enemy = found.enemy ?? enemyForFighter(player, row.wins + row.losses, 'Even');
    const seed = newSeed();
    const played = runAiBattle('pve', [player, enemyFighter(enemy)], seed);
    const won = played.state.winner === 0;
    const result = won ? ('victory' as const) : ('defeat' as const);
    const rewards = pveRewards(result, enemy.level, enemy.threat);
    const gain = applyExperience(row, rewards.experience);
    const drops = won ? rollMaterialDrops(createRng(victoryDropSeed(seed)), enemy.level) : [];
    const sides: [ReplaySide, ReplaySide] = [
      replaySide({ characterId, userId, username, characterAvatar: row.characterAvatar, imageSet: row.imageSet }),
      replaySide({ sprite: enemySpriteFile(enemy.class) }),
    ];
    const events = battleEvents({ userId, characterId, characterName: row.name, kind: 'pve', won, levelBefore: row.level, levelAfter: gain.level });

    // 2. Everything the battle changed, in one statement.
    const materials = drops.filter((d) => d.amount > 0);
    const written = await tx.execute(sql`
      with r as (${replayInsert({ kind: 'pve', record: played.record, sides, winner: played.state.winner!, reason: played.state.reason!, createdAt: now })}),
      c as (
        update ${characters} set level = ${gain.level}, experience = ${gain.experience},
          stat_points = stat_points + ${gain.statPointsGained}, skill_points = skill_points + ${gain.skillPointsGained},
          wins = wins + ${won ? 1 : 0}, losses = losses + ${won ? 0 : 1}, last_battle_at = ${now}
        where id = ${characterId}
      ),
      ${rewards.credits > 0 ? sql`${creditMoves([{ userId, delta: rewards.credits, reason: 'pve_reward' }], sql`'replay:' || (select id from r)`)},` : sql``}
      ${
        materials.length > 0
          ? sql`d as (
        insert into ${userMaterials} (user_id, material_id, amount)
        values ${sql.join(
          materials.map((d) => sql`(${userId}::int, ${d.materialId}, ${d.amount}::int)`),
          sql`, `,
        )}
        on conflict (user_id, material_id) do update set amount = ${userMaterials}.amount + excluded.amount
      ),`
          : sql``
      }
      ev as (${eventsInsert(tx, events, now)})
      select id from r`);
    const replayId = Number(rowsOf<{ id: number | string }>(written)[0]!.id);
    const updated = {
      ...row,
      level: gain.level,
      experience: gain.experience,
      statPoints: row.statPoints + gain.statPointsGained,
      skillPoints: row.skillPoints + gain.skillPointsGained,
      wins: row.wins + (won ? 1 : 0),
      losses: row.losses + (won ? 0 : 1),
      lastBattleAt: now,
    };

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
      materialsGained: materials.map((d) => ({ id: d.materialId, name: materialById(d.materialId)?.name ?? d.materialId, amount: d.amount })),
      enemy: enemyView(enemy),
      character: characterView(updated, null, loadout),
      events: played.events,
      replayId,
      firstDefeat: !won && row.losses === 0,
    };
  });
}

/** The enemy the player rolled last (GET /api/enemy), read beside the character. */
const rememberedEnemy = sql<Enemy | null>`(select e.enemy from ${pveEnemies} e where e.user_id = "characters".user_id)`;
