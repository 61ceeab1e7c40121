import { sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { PVE_COOLDOWN_MS } from '@common/constants';
import type { BattleResultView, EnemyView, Threat } from '@common/game-api';
import { ENEMY_REPLACED_MESSAGE } from '@common/game-rules';
import { enemySpriteFile } from '@common/sprite-files';
import { batchedCalls, type Settled } from '../db/batch';
import { executePrepared, intArray, type Tx } from '../db/client';
import { characters, pveEnemies } from '../db/schema';
import { userMaterials } from '../db/schema-forge';
import type { ReplaySide } from '../db/schema-replays';
import { formatLog } from '@common/battle-text';
import { maxHp } from '../domain/battle';
import { runAiBattle } from '../domain/engine-replay';
import { DEFAULT_THREAT, FAIR_START_BATTLES, enemyFighter, enemyFor, type Enemy } from '../domain/enemies';
import type { Fighter } from '../domain/battle';
import { battleEvents } from '../domain/events';
import { rollMaterialDrops, victoryDropSeed } from '../domain/forge';
import { materialById } from '../domain/forge-sets';
import { cooldownMessage, cooldownRemainingMs, pveRewards, type ExperienceGain } from '../domain/progression';
import { createRng } from '../domain/rng';
import type { CharacterRow } from '../db/schema';
import { afterBattle, pveAfterBattleUpdate, type AfterBattle } from './after-battle';
import { characterView } from './character-view';
import { currentCharacterRow, listedMessage } from './characters';
import { conflict, forbidden, notFound, tooMany } from '../errors';
import { extrasColumns, fighterFrom, fighterOf, loadoutFrom } from './loadout';
import { creditMoves } from './ledger';
import { eventsInsert } from './outbox';
import { replaysInsert, replaySide } from './replays';
import { newSeed } from './seeds';
import { transact } from './transaction';

/** An enemy as remembered for its player: which roll it is (`GET /api/enemy` answers it; Start Battle may name it). */
type RememberedEnemy = Enemy & { roll?: number };

export function enemyView(enemy: RememberedEnemy): EnemyView {
  return { ...enemy, maxHp: maxHp(enemy.stats), sprite: enemySpriteFile(enemy.class) };
}

/** An enemy for the fighter: fair-start tuned for its first battles, then matched to its power at `threat`. */
function enemyForFighter(fighter: Fighter, battles: number, threat: Threat): Enemy {
  return enemyFor(createRng(newSeed()), { fighter, battles }, threat);
}

/**
 * Rolls a new enemy for the player's current (best) character at `threat` (DEFAULT_THREAT when
 * the player picked none) and remembers it, with whether the threat was picked.
 */
export async function rollEnemyFor({ db, clock }: AppContext, userId: number, threat?: Threat): Promise<EnemyView> {
  const best = await currentCharacterRow(db, userId);
  if (!best) throw notFound('Create a character first');
  const battles = best.wins + best.losses;
  const rolled = enemyForFighter(await fighterOf(db, best), battles, threat ?? DEFAULT_THREAT);
  // The roll is a fresh random number (not the time: two tabs may roll in the same millisecond).
  const enemy: RememberedEnemy = { ...rolled, threatPicked: threat !== undefined && battles >= FAIR_START_BATTLES, roll: newSeed() + 1 };
  const rolledAt = clock.now();
  await db
    .insert(pveEnemies)
    .values({ userId, enemy, rolledAt })
    .onConflictDoUpdate({ target: pveEnemies.userId, set: { enemy, rolledAt } });
  return enemyView(enemy);
}

/** One Start Battle: who asks, with which character. */
interface FightRequest {
  /** The asking request's context. */
  ctx: AppContext;
  user: { id: number; username: string };
  characterId: number;
  /** The roll of the enemy the player was shown: another one remembered now refuses the battle. */
  enemyRoll?: number;
}

/**
 * Fights the player's remembered enemy (rolling one if there is none): ownership, listing and
 * cooldown checked, rewards and level-ups applied. Battles asked for in the same turn of the
 * event loop are fought together (db/batch.ts), in one transaction of two statements however
 * many they are: one locks and reads the characters with their gear, skills, listing and
 * remembered enemy; one writes the replays, the characters, the credits with their ledger rows,
 * the dropped materials and the battles' domain events. Each battle still answers (or is
 * refused) on its own: a refusal changes nothing and does not hold the others back.
 */
export async function fight(ctx: AppContext, user: { id: number; username: string }, characterId: number, enemyRoll?: number): Promise<BattleResultView> {
  return fightsOf(ctx)({ ctx, user, characterId, enemyRoll });
}

type Fights = (request: FightRequest) => Promise<BattleResultView>;
/**
 * One batcher per database and clock, not per context: every request has a context of its own
 * (its logger), and the battles of a turn share one round whichever requests they came in. A
 * round runs with its first request's context (the transaction's warnings carry that request's id).
 */
const fightBatchers = new WeakMap<AppContext['db'], WeakMap<AppContext['clock'], Fights>>();

function fightsOf(ctx: AppContext): Fights {
  let byClock = fightBatchers.get(ctx.db);
  if (!byClock) fightBatchers.set(ctx.db, (byClock = new WeakMap()));
  let batcher = byClock.get(ctx.clock);
  if (!batcher) byClock.set(ctx.clock, (batcher = batchedCalls<FightRequest, BattleResultView>((requests) => fightRounds(requests[0]!.ctx, requests))));
  return batcher;
}

/**
 * A player's battles go one to a round (two characters of one player, or a double click, are
 * fought one after the other: the second sees the first's cooldown and credits), so a round
 * touches each balance and material row once.
 */
async function fightRounds(ctx: AppContext, requests: readonly FightRequest[]): Promise<Settled<BattleResultView>[]> {
  const results = new Array<Settled<BattleResultView>>(requests.length);
  let left = requests.map((request, index) => ({ request, index }));
  while (left.length > 0) {
    const seen = new Set<number>();
    const round = left.filter(({ request }) => (seen.has(request.user.id) ? false : (seen.add(request.user.id), true)));
    left = left.filter((entry) => !round.includes(entry));
    let settled: Settled<BattleResultView>[];
    try {
      settled = await fightRound(ctx, round.map((r) => r.request));
    } catch (err) {
      settled = round.map(() => ({ error: err }));
    }
    round.forEach(({ index }, i) => (results[index] = settled[i]!));
  }
  return results;
}

interface Fought {
  request: FightRequest;
  row: CharacterRow;
  enemy: RememberedEnemy;
  played: ReturnType<typeof runAiBattle>;
  won: boolean;
  rewards: ReturnType<typeof pveRewards>;
  gain: ExperienceGain;
  update: AfterBattle;
  materials: { materialId: string; amount: number }[];
  sides: [ReplaySide, ReplaySide];
  loadout: ReturnType<typeof loadoutFrom>;
}

/** One round: distinct players, one transaction, two statements. */
async function fightRound(ctx: AppContext, requests: readonly FightRequest[]): Promise<Settled<BattleResultView>[]> {
  const now = ctx.clock.now();
  return transact(ctx, async (tx) => {
    // 1. The characters, locked in id order (two rounds at once never wait on each other in a circle).
    const ids = [...new Set(requests.map((r) => r.characterId))];
    const found = await tx
      .select({ character: characters, ...extrasColumns, enemy: rememberedEnemy })
      .from(characters)
      .where(sql`${characters.id} = any(${intArray(ids)})`)
      .orderBy(characters.id)
      .for('no key update')
      .prepare('pve_round_characters')
      .execute();
    const byId = new Map(found.map((f) => [f.character.id, f]));

    const settled: Settled<BattleResultView>[] = [];
    const fought: { fight: Fought; slot: number }[] = [];
    for (const request of requests) {
      const { user, characterId } = request;
      const f = byId.get(characterId);
      const refusal = !f
        ? notFound('Character not found')
        : f.character.userId !== user.id
          ? forbidden('This character is not yours')
          : // The locked row's flag, not the listing read beside it (that read has the statement's
            // snapshot, from before a listing committed while the round waited for the lock).
            f.character.listed
            ? conflict(listedMessage('fight'))
            : null;
      if (refusal || !f) {
        settled.push({ error: refusal });
        continue;
      }
      const row = f.character;
      const remaining = cooldownRemainingMs(row.lastBattleAt, now, PVE_COOLDOWN_MS);
      if (remaining > 0) {
        settled.push({ error: tooMany(cooldownMessage('Battle', remaining)) });
        continue;
      }
      if (request.enemyRoll !== undefined && f.enemy?.roll !== request.enemyRoll) {
        settled.push({ error: conflict(ENEMY_REPLACED_MESSAGE) });
        continue;
      }
      const loadout = loadoutFrom(f);
      const player = fighterFrom(row, loadout);
      const enemy = f.enemy ?? { ...enemyForFighter(player, row.wins + row.losses, DEFAULT_THREAT), threatPicked: false };
      const seed = newSeed();
      const played = runAiBattle('pve', [player, enemyFighter(enemy)], seed);
      const won = played.state.winner === 0;
      const rewards = pveRewards(won ? 'victory' : 'defeat', enemy.level, enemy.threat);
      const { gain, update } = afterBattle(row, rewards.experience, won);
      const drops = won ? rollMaterialDrops(createRng(victoryDropSeed(seed)), enemy.level) : [];
      const sides: [ReplaySide, ReplaySide] = [
        replaySide({ characterId, userId: user.id, username: user.username, characterAvatar: row.characterAvatar, imageSet: row.imageSet }),
        replaySide({ sprite: enemySpriteFile(enemy.class) }),
      ];
      fought.push({ fight: { request, row, enemy, played, won, rewards, gain, update, materials: drops.filter((d) => d.amount > 0), sides, loadout }, slot: settled.length });
      settled.push({ error: null });
    }
    if (fought.length === 0) return settled;

    // 2. Everything the battles changed, in one statement.
    const replayIds = await writeBattles(tx, fought.map((f) => f.fight), now);
    for (const { fight: f, slot } of fought) settled[slot] = { value: resultOf(f, replayIds.get(f.request.characterId)!, now) };
    return settled;
  });
}

/** The replays, characters, credits with their ledger rows, materials and events of a round: one statement. */
async function writeBattles(tx: Tx, fought: readonly Fought[], now: Date): Promise<Map<number, number>> {
  const paid = fought.filter((f) => f.rewards.credits > 0);
  // In one order for every round (player, then material), so two rounds upserting the same rows wait instead of deadlocking.
  const materials = fought
    .flatMap((f) => f.materials.map((d) => ({ user_id: f.request.user.id, material_id: d.materialId, amount: d.amount })))
    .sort((a, b) => a.user_id - b.user_id || (a.material_id < b.material_id ? -1 : a.material_id > b.material_id ? 1 : 0));
  const events = fought.flatMap((f) =>
    battleEvents({
      userId: f.request.user.id,
      characterId: f.request.characterId,
      characterName: f.row.name,
      kind: 'pve',
      won: f.won,
      levelBefore: f.row.level,
      levelAfter: f.gain.level,
    }),
  );
  const built = sql`
    with r as (${replaysInsert(
      fought.map((f) => ({ kind: 'pve' as const, record: f.played.record, sides: f.sides, winner: f.played.state.winner!, reason: f.played.state.reason!, createdAt: now })),
    )}),
    c as (${pveAfterBattleUpdate(
      fought.map((f) => f.update),
      now,
    )}),
    ${
      paid.length > 0
        ? sql`${creditMoves(
            paid.map((f) => ({ userId: f.request.user.id, delta: f.rewards.credits, reason: 'pve_reward' as const })),
            // A round has one battle per player: the player's replay is the one of their character.
            sql`'replay:' || (select r.id from r join ${characters} rc on rc.id = r.character1_id where rc.user_id = credited.id)`,
          )},`
        : sql``
    }
    ${
      materials.length > 0
        ? sql`d as (
      insert into ${userMaterials} (user_id, material_id, amount)
      select m.user_id, m.material_id, m.amount from json_to_recordset(${JSON.stringify(materials)}::json) as m(user_id int, material_id text, amount int)
      on conflict (user_id, material_id) do update set amount = ${userMaterials}.amount + excluded.amount
    ),`
        : sql``
    }
    ev as (${eventsInsert(tx, events, now)})
    select id, character1_id from r`;
  // The text depends only on which parts the round has, so each variant is prepared once per connection.
  const written = await executePrepared<{ id: number | string; character1_id: number }>(tx, `pve_battles_${paid.length > 0 ? 'c' : ''}${materials.length > 0 ? 'm' : ''}`, built);
  return new Map(written.map((row) => [Number(row.character1_id), Number(row.id)]));
}

function resultOf(f: Fought, replayId: number, now: Date): BattleResultView {
  const { row, gain, won } = f;
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
    battleLog: formatLog(f.played.events).map((line) => ({
      message: line.message,
      attacker: line.attacker,
      defenderHp: line.defenderHp,
      defender: line.target === 0 ? ('player' as const) : ('enemy' as const),
    })),
    result: won ? 'victory' : 'defeat',
    experienceGained: f.rewards.experience,
    creditsGained: f.rewards.credits,
    levelsGained: gain.levelsGained,
    materialsGained: f.materials.map((d) => ({ id: d.materialId, name: materialById(d.materialId)?.name ?? d.materialId, amount: d.amount })),
    enemy: enemyView(f.enemy),
    character: characterView(updated, null, f.loadout),
    events: f.played.events,
    replayId,
    firstDefeat: !won && row.losses === 0,
  };
}

/** The enemy the player rolled last (GET /api/enemy), read beside the character. */
const rememberedEnemy = sql<RememberedEnemy | null>`(select e.enemy from ${pveEnemies} e where e.user_id = "characters".user_id)`;
