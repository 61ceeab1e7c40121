import { sql } from 'drizzle-orm';
import type { EndReason, Side } from '@common/battle-events';
import type { PvpVariant, RatingView } from '@common/pvp';
import type { AppContext } from '../../context';
import { executePrepared, intArray } from '../../db/client';
import { characters, type CharacterRow } from '../../db/schema';
import { pvpBattles } from '../../db/schema-pvp';
import { replays, type ReplaySide } from '../../db/schema-replays';
import type { BattleRecord } from '../../domain/engine-replay';
import { battleEvents, type DomainEvent } from '../../domain/events';
import { pvpBattleRewards } from '../../domain/pvp';
import { decayForNewSeason, rateGame, ratingMilestone, seasonOf, type Rating } from '../../domain/rating';
import { afterBattle, afterPvpBattle, pvpAfterBattleUpdate, type AfterPvpBattle } from '../../services/after-battle';
import { creditMoves, type CreditMove } from '../../services/ledger';
import { eventsInsert } from '../../services/outbox';
import { REPLAY_COLUMNS } from '../../services/replays';
import { transact } from '../../services/transaction';
import type { Settlement } from '../room/protocol';

/**
 * The ends of PvP battles, each persisted once (DESIGN §4): the battles that end while another
 * settlement is being written go together, in one transaction of two statements however many
 * they are. Lock the characters in id order; then one statement writes every character
 * (experience, levels, wins, cooldown, rating, season record, streak: services/after-battle.ts),
 * pays the winners through the ledger (which locks their balances in id order itself, after the
 * characters as on every other path; a player who is not paid is not locked),
 * records the domain events (the guild's share, standings, quests and announcements follow from
 * them: services/outbox.ts), stores the replays and closes the battle rows.
 */

export interface SettleInput {
  battleId: number;
  variant: PvpVariant;
  ghost: boolean;
  /** A direct challenge (issue 25): no rating, credits, experience or record; its events count for no quest yet. */
  friendly?: boolean;
  /** The players by side; side 1 of a ghost battle has no user. */
  players: [{ userId: number; characterId: number }, { userId: number | null; characterId: number | null }];
  winner: Side;
  reason: EndReason;
  noContest: boolean;
  record: BattleRecord;
  hp: [number, number];
  sides: [ReplaySide, ReplaySide];
}

type RealPlayer = { userId: number; characterId: number };

/** What a battle's end reads of each character (only these columns: the lock reads a row per fighter). */
type SettleColumn = 'id' | 'name' | 'level' | 'experience' | 'rating' | 'ratingDeviation' | 'ratingVolatility' | 'ratingSeason' | 'pvpWins' | 'pvpLosses' | 'pvpStreak';
type SettleRow = Pick<CharacterRow, SettleColumn>;

const ratingOf = (c: SettleRow, season: string): Rating => {
  const r = { rating: c.rating, deviation: c.ratingDeviation, volatility: c.ratingVolatility };
  return c.ratingSeason && c.ratingSeason !== season ? decayForNewSeason(r) : r;
};
const view = (r: Rating): RatingView => ({ rating: Math.round(r.rating), deviation: Math.round(r.deviation) });

/** The real players of a battle (side 1 of a ghost battle is nobody's). */
const realOf = (input: SettleInput): RealPlayer[] =>
  input.players.flatMap((p, side) => (p.userId !== null && p.characterId !== null && !(input.ghost && side === 1) ? [p as RealPlayer] : []));

/** What one battle's end writes and answers, from its characters as locked. */
function outcomeOf(input: SettleInput, byCharacter: Map<number, SettleRow>, season: string) {
  const real = realOf(input);
  const settlement: Settlement = { replayId: 0, rewards: {}, ratings: {} };
  const updates: AfterPvpBattle[] = [];
  const credits: CreditMove[] = [];
  const events: DomainEvent[] = [];
  if (input.noContest) {
    // Nothing is paid and nothing counts: only both cooldowns start.
    for (const p of real) {
      settlement.rewards[p.userId] = { experience: 0, credits: 0 };
      settlement.ratings[p.userId] = null;
    }
    return { settlement, updates, credits, events, cooldownOnly: real.map((p) => p.characterId) };
  }
  if (input.friendly) {
    // Friends cannot farm each other: only the cooldowns start, and the duel is an event of its own.
    for (const p of real) {
      settlement.rewards[p.userId] = { experience: 0, credits: 0 };
      settlement.ratings[p.userId] = null;
      events.push({ type: 'FriendlyDuelPlayed', userId: p.userId, characterId: p.characterId, won: input.players[input.winner].userId === p.userId });
    }
    return { settlement, updates, credits, events, cooldownOnly: real.map((p) => p.characterId) };
  }
  const loserSide: Side = input.winner === 0 ? 1 : 0;
  const rewards = pvpBattleRewards(input.record.fighters[loserSide].level, { ghost: input.ghost, noContest: false });
  const rated = !input.ghost && real.length === 2;
  const before = new Map(real.map((p) => [p.userId, ratingOf(byCharacter.get(p.characterId)!, season)]));
  const after = new Map<number, Rating>();
  if (rated) {
    const [w, l] = [input.players[input.winner].userId!, input.players[loserSide].userId!];
    const game = rateGame(before.get(w)!, before.get(l)!);
    after.set(w, game.winner).set(l, game.loser);
  }
  for (const p of real) {
    const row = byCharacter.get(p.characterId)!;
    const won = input.players[input.winner].userId === p.userId;
    const reward = won ? rewards.winner : rewards.loser;
    const { gain, update } = afterBattle(row, reward.experience, won);
    const rating = after.get(p.userId) ?? before.get(p.userId)!;
    const pvp = afterPvpBattle(row, update, rating, season);
    updates.push(pvp);
    if (reward.credits !== 0) credits.push({ userId: p.userId, delta: reward.credits, reason: 'pvp_reward', reference: `pvp_battle:${input.battleId}` });
    settlement.rewards[p.userId] = reward;
    settlement.ratings[p.userId] = rated ? { before: view(before.get(p.userId)!), after: view(rating) } : null;
    events.push(...battleEvents({ userId: p.userId, characterId: p.characterId, characterName: row.name, kind: 'pvp', won, ghost: input.ghost, levelBefore: row.level, levelAfter: gain.level }));
    if (won && pvp.streak > 0 && pvp.streak % 5 === 0) events.push({ type: 'PvpStreak', userId: p.userId, characterName: row.name, streak: pvp.streak });
    const milestone = rated ? ratingMilestone(before.get(p.userId)!.rating, rating) : null;
    if (milestone) events.push({ type: 'RatingMilestone', userId: p.userId, characterName: row.name, rating: milestone });
  }
  return { settlement, updates, credits, events, cooldownOnly: [] as number[] };
}

/** Settles the ends of these battles in one transaction; answers each one's settlement, in order. */
export async function settleBattles(ctx: AppContext, inputs: readonly SettleInput[]): Promise<Settlement[]> {
  if (inputs.length === 0) return [];
  const now = ctx.clock.now();
  const season = seasonOf(now);
  return transact({ ...ctx, idempotency: undefined }, async (tx) => {
    // 1. The characters, in id order.
    const characterIds = inputs.flatMap((i) => realOf(i).map((p) => p.characterId));
    // A prepared statement with the ids as one array: the query builder spent about a third of a
    // millisecond building this lock with a parameter per id, on every settlement.
    const rows =
      characterIds.length > 0
        ? await executePrepared<SettleRow>(
            tx,
            'pvp_settle_lock',
            sql`select id, name, level, experience, rating, rating_deviation as "ratingDeviation", rating_volatility as "ratingVolatility",
              rating_season as "ratingSeason", pvp_wins as "pvpWins", pvp_losses as "pvpLosses", pvp_streak as "pvpStreak"
              from ${characters} where id = any(${intArray(characterIds)}) order by id for no key update`,
          )
        : [];
    const byCharacter = new Map(rows.map((r) => [r.id, r]));

    const outcomes = inputs.map((input) => outcomeOf(input, byCharacter, season));
    const updates = outcomes.flatMap((o) => o.updates);
    const credits = outcomes.flatMap((o) => o.credits);
    const events = outcomes.flatMap((o) => o.events);
    const cooldownOnly = outcomes.flatMap((o) => o.cooldownOnly);
    // Each battle once, as one JSON parameter read once (`v`) by the replay and by the battle's row.
    // The fighters are not in it: the battle's row has held them since it was matched.
    const closed = inputs.map((input) => ({
      id: input.battleId,
      rules: input.record.rules,
      seed: input.record.seed,
      sides: input.sides,
      character1_id: input.sides[0].characterId,
      character2_id: input.sides[1].characterId,
      side: input.winner,
      winner: input.players[input.winner].userId,
      reason: input.reason,
      inputs: input.record.inputs,
      hp1: input.hp[0],
      hp2: input.hp[1],
      turn_count: input.record.inputs.length,
    }));
    const ids = intArray(inputs.map((i) => i.battleId));

    // 2. Everything else in one statement. Its text depends only on which parts the batch has.
    const parts = `${updates.length > 0 ? 'u' : ''}${cooldownOnly.length > 0 ? 'c' : ''}${credits.length > 0 ? 'p' : ''}${events.length > 0 ? 'e' : ''}`;
    const statement = sql`
      with v as materialized (
        select * from json_to_recordset(${JSON.stringify(closed)}::json) as v(id int, rules text, seed bigint, sides jsonb,
          character1_id int, character2_id int, side smallint, winner int, reason text, inputs jsonb, hp1 int, hp2 int, turn_count int)
      ),
      r as (
        insert into ${replays} ${REPLAY_COLUMNS}
        select 'pvp', v.rules, v.seed, jsonb_build_array(pb.fighter1, pb.fighter2), v.sides, v.inputs, v.character1_id, v.character2_id, v.side, v.reason, ${now}
        from v join ${pvpBattles} pb on pb.id = v.id and pb.id = any(${ids})
        order by v.id
        returning id, character1_id
      ),
      ${updates.length > 0 ? sql`u as (${pvpAfterBattleUpdate(updates, now)}),` : sql``}
      ${cooldownOnly.length > 0 ? sql`c as (update ${characters} set last_pvp_battle_at = ${now} where id = any(${intArray(cooldownOnly)})),` : sql``}
      ${
        credits.length > 0
          ? // Each reward carries its battle's reference.
            sql`${creditMoves(credits)},`
          : sql``
      }
      ${events.length > 0 ? sql`ev as (${eventsInsert(tx, events, now)}),` : sql``}
      b as (
        update ${pvpBattles} pb set status = 'completed', winner = v.winner, reason = v.reason, ended_at = ${now},
          replay_id = r.id, inputs = v.inputs, hp1 = v.hp1, hp2 = v.hp2, turn_count = v.turn_count, owner = null
        from v left join r on r.character1_id = v.character1_id
        where pb.id = v.id and pb.id = any(${ids})
        returning pb.id, pb.replay_id
      )
      select id, replay_id from b`;
    const written = await executePrepared<{ id: number; replay_id: number | string }>(tx, `pvp_settle_${parts}`, statement);
    const replayIds = new Map(written.map((row) => [Number(row.id), Number(row.replay_id)]));
    // Battles find their replays by their first fighter, one battle at a time each: two sharing one
    // would take the same replay. Refused whole rather than stored so.
    if (new Set(replayIds.values()).size !== replayIds.size) throw new Error('PvP settlement: two battles of one batch share a first fighter');
    return outcomes.map(({ settlement }, i) => ({ ...settlement, replayId: replayIds.get(inputs[i]!.battleId) ?? 0 }));
  });
}
