import { asc, inArray, sql } from 'drizzle-orm';
import type { EndReason, Side } from '@common/battle-events';
import type { PvpVariant, RatingView } from '@common/pvp';
import type { Settlement } from '../room/protocol';
import type { AppContext } from '../../context';
import { rowsOf, type Tx } from '../../db/client';
import { characters, users } from '../../db/schema';
import { pvpBattles } from '../../db/schema-pvp';
import type { ReplaySide } from '../../db/schema-replays';
import type { BattleRecord } from '../../domain/engine-replay';
import { battleEvents, type DomainEvent } from '../../domain/events';
import { applyExperience } from '../../domain/progression';
import { pvpBattleRewards } from '../../domain/pvp';
import { decayForNewSeason, rateGame, ratingMilestone, seasonOf, type Rating } from '../../domain/rating';
import type { CharacterRow } from '../../db/schema';
import { creditMoves } from '../../services/ledger';
import { recordEvents } from '../../services/outbox';
import { replayInsert } from '../../services/replays';
import { transact } from '../../services/transaction';

/**
 * The end of a PvP battle, persisted once, in one transaction of at most six statements
 * (DESIGN §4, issue: rooms): lock the characters, lock the players, write both characters
 * (experience, levels, wins, cooldown, rating, season record, streak), pay the winner through the
 * ledger, record the battle's domain events (the guild's share, standings, quests and
 * announcements follow from them: services/outbox.ts), and store the replay while closing the
 * battle row.
 */

export interface SettleInput {
  battleId: number;
  variant: PvpVariant;
  ghost: boolean;
  /** The players by side; side 1 of a ghost battle has no user. */
  players: [{ userId: number; characterId: number }, { userId: number | null; characterId: number | null }];
  winner: Side;
  reason: EndReason;
  noContest: boolean;
  record: BattleRecord;
  hp: [number, number];
  sides: [ReplaySide, ReplaySide];
}

export type { Settlement };

const ratingOf = (c: CharacterRow, season: string): Rating => {
  const r = { rating: c.rating, deviation: c.ratingDeviation, volatility: c.ratingVolatility };
  return c.ratingSeason && c.ratingSeason !== season ? decayForNewSeason(r) : r;
};
const view = (r: Rating): RatingView => ({ rating: Math.round(r.rating), deviation: Math.round(r.deviation) });

/** The ends of several battles (of one turn of the event loop) in one transaction; each one's settlement, in order. */
export async function settleBattles(ctx: AppContext, inputs: readonly SettleInput[]): Promise<Settlement[]> {
  return transact({ ...ctx, idempotency: undefined }, async (tx) => {
    const settled: Settlement[] = [];
    for (const input of inputs) settled.push(await settleIn(ctx, tx, input));
    return settled;
  });
}

async function settleIn(ctx: AppContext, tx: Tx, input: SettleInput): Promise<Settlement> {
  const now = ctx.clock.now();
  const season = seasonOf(now);
  {
    const real = input.players.flatMap((p) => (p.userId !== null && p.characterId !== null && !(input.ghost && p === input.players[1]) ? [p as { userId: number; characterId: number }] : []));
    // 1. The characters, then 2. their players, each in id order: the order every other path locks them.
    const rows = await tx.select().from(characters).where(inArray(characters.id, real.map((p) => p.characterId))).orderBy(asc(characters.id)).for('no key update');
    const byCharacter = new Map(rows.map((r) => [r.id, r]));
    const loserSide: Side = input.winner === 0 ? 1 : 0;
    const loserLevel = input.record.fighters[loserSide].level;
    const rewards = pvpBattleRewards(loserLevel, { ghost: input.ghost, noContest: input.noContest });
    const rated = !input.ghost && !input.noContest && real.length === 2;
    const ratingsBefore = new Map(real.map((p) => [p.userId, ratingOf(byCharacter.get(p.characterId)!, season)]));
    let ratingsAfter = new Map<number, Rating>();
    if (rated) {
      const w = input.players[input.winner].userId!;
      const l = input.players[loserSide].userId!;
      const game = rateGame(ratingsBefore.get(w)!, ratingsBefore.get(l)!);
      ratingsAfter = new Map([
        [w, game.winner],
        [l, game.loser],
      ]);
    }

    const settlement: Settlement = { replayId: 0, rewards: {}, ratings: {} };
    const events: DomainEvent[] = [];
    if (input.noContest) {
      // Nothing is paid and nothing counts: only both cooldowns start.
      if (real.length > 0) await tx.update(characters).set({ lastPvpBattleAt: now }).where(inArray(characters.id, real.map((p) => p.characterId)));
      for (const p of real) {
        settlement.rewards[p.userId] = { experience: 0, credits: 0 };
        settlement.ratings[p.userId] = null;
      }
    } else {
      await tx.select({ id: users.id }).from(users).where(inArray(users.id, real.map((p) => p.userId))).orderBy(asc(users.id)).for('no key update');
      // 3. Both characters in one statement.
      const updates = real.map((p) => {
        const row = byCharacter.get(p.characterId)!;
        const won = input.players[input.winner].userId === p.userId;
        const reward = won ? rewards.winner : rewards.loser;
        const gain = applyExperience(row, reward.experience);
        const after = ratingsAfter.get(p.userId) ?? ratingsBefore.get(p.userId)!;
        const streak = won ? row.pvpStreak + 1 : 0;
        settlement.rewards[p.userId] = reward;
        settlement.ratings[p.userId] = rated ? { before: view(ratingsBefore.get(p.userId)!), after: view(after) } : null;
        const sameSeason = row.ratingSeason === season;
        events.push(
          ...battleEvents({ userId: p.userId, characterId: p.characterId, characterName: row.name, kind: 'pvp', won, ghost: input.ghost, levelBefore: row.level, levelAfter: gain.level }),
        );
        if (won && streak > 0 && streak % 5 === 0) events.push({ type: 'PvpStreak', userId: p.userId, characterName: row.name, streak });
        const milestone = rated ? ratingMilestone(ratingsBefore.get(p.userId)!.rating, after) : null;
        if (milestone) events.push({ type: 'RatingMilestone', userId: p.userId, characterName: row.name, rating: milestone });
        return sql`(${p.characterId}::int, ${gain.level}::int, ${gain.experience}::int, ${row.statPoints + gain.statPointsGained}::int,
          ${row.skillPoints + gain.skillPointsGained}::int, ${won ? 1 : 0}::int, ${after.rating}::real, ${after.deviation}::real,
          ${after.volatility}::real, ${(sameSeason ? row.pvpWins : 0) + (won ? 1 : 0)}::int, ${(sameSeason ? row.pvpLosses : 0) + (won ? 0 : 1)}::int, ${streak}::int)`;
      });
      await tx.execute(sql`
        update ${characters} c set level = v.level, experience = v.experience, stat_points = v.stat_points, skill_points = v.skill_points,
          wins = c.wins + v.won, losses = c.losses + 1 - v.won, last_pvp_battle_at = ${now},
          rating = v.rating, rating_deviation = v.deviation, rating_volatility = v.volatility, rating_season = ${season},
          pvp_wins = v.pvp_wins, pvp_losses = v.pvp_losses, pvp_streak = v.streak
        from (values ${sql.join(updates, sql`, `)}) as v(id, level, experience, stat_points, skill_points, won, rating, deviation, volatility, pvp_wins, pvp_losses, streak)
        where c.id = v.id`);
      // 4. The winner's credits with their ledger row.
      const credits = real.map((p) => ({ userId: p.userId, delta: settlement.rewards[p.userId]!.credits, reason: 'pvp_reward' as const }));
      if (credits.some((c) => c.delta !== 0)) await tx.execute(sql`with ${creditMoves(credits, `pvp_battle:${input.battleId}`)} select 1`);
      // 5. The domain events: the guild's share, standings, quests and announcements follow from them.
      await recordEvents(tx, events, now);
    }

    // 6. The replay, and the battle row closed with it.
    const winnerUser = input.players[input.winner].userId;
    const stored = await tx.execute(sql`
      with r as (${replayInsert({ kind: 'pvp', record: input.record, sides: input.sides, winner: input.winner, reason: input.reason, createdAt: now })})
      update ${pvpBattles} set status = 'completed', winner = ${winnerUser}, reason = ${input.reason}, ended_at = ${now},
        replay_id = (select id from r), inputs = ${JSON.stringify(input.record.inputs)}::jsonb, hp1 = ${input.hp[0]}, hp2 = ${input.hp[1]},
        turn_count = ${input.record.inputs.length}, owner = null
      where id = ${input.battleId}
      returning replay_id`);
    settlement.replayId = Number((rowsOf<{ replay_id: number }>(stored)[0] ?? { replay_id: 0 }).replay_id);
    return settlement;
  }
}
