import { sql } from 'drizzle-orm';
import { RARITIES } from '@common/economy-api';
import { executePrepared, intArray, type Tx } from '../db/client';
import { characters, users } from '../db/schema';
import { questProgress as questProgressTable } from '../db/schema-events';
import { guildMembers, guilds } from '../db/schema-guilds';
import { GUILD_VICTORY_POINTS } from '../domain/guilds';
import { levelMilestone } from '../domain/progression';
import { questDay, questProgress } from '../domain/quests';
import { announceForging, announceGuildBattle, announceGuildFounded, announceLevelMilestone, announceRatingMilestone, announceStreak } from './chat';
import type { DomainEvent } from '../domain/events';
import { notificationSubscriber } from './notification-subscriber';
import { recordEvents, type StoredEvent, type Subscriber } from './outbox';

/**
 * What happens after a change, driven by its domain events (services/outbox.ts) instead of
 * being wired into each reward path: quest progress, guild experience, leaderboard standings
 * and arena chat announcements. Each handler does its batch's work in as few statements as it
 * can (one each), in the batch's transaction.
 */

/** Quests: every event moves the quests of its player on the day it happened (one statement). */
export const questSubscriber: Subscriber = {
  name: 'quests',
  async handle(tx, events, ctx) {
    const moved = new Map<string, { userId: number; questId: string; by: number; goal: number; title: string }>();
    for (const { at, event } of events) {
      if (!('userId' in event)) continue;
      for (const q of questProgress(event, event.userId, questDay(at))) {
        const key = `${event.userId}|${q.id}`;
        const row = moved.get(key) ?? { userId: event.userId, questId: q.id, by: 0, goal: q.goal, title: q.title };
        row.by += q.by;
        moved.set(key, row);
      }
    }
    if (moved.size === 0) return;
    // In one order for every batch (player, then quest), so two instances draining at once wait
    // instead of deadlocking; the rows go as one JSON parameter (one statement text for any count).
    const rows = [...moved.values()]
      .sort((x, y) => x.userId - y.userId || (x.questId < y.questId ? -1 : x.questId > y.questId ? 1 : 0))
      .map((m) => ({ user_id: m.userId, quest_id: m.questId, progress: m.by }));
    const after = await executePrepared<{ user_id: number; quest_id: string; progress: number }>(
      tx,
      'quest_progress_moves',
      sql`
      insert into ${questProgressTable} (user_id, quest_id, progress, updated_at)
      select q.user_id, q.quest_id, q.progress, ${ctx.clock.now()}::timestamptz
      from json_to_recordset(${JSON.stringify(rows)}::json) as q(user_id int, quest_id text, progress int)
      on conflict (user_id, quest_id) do update
        set progress = ${questProgressTable}.progress + excluded.progress, updated_at = excluded.updated_at
      returning user_id, quest_id, progress`,
    );
    // A quest whose progress reached its goal in this batch is ready to claim: an event of its own.
    const ready = questsReached(after, moved);
    // The outbox takes them in its next pass.
    if (ready.length > 0) await recordEvents(tx, ready, ctx.clock.now());
  },
};

function questsReached(after: readonly { user_id: number; quest_id: string; progress: number }[], moved: ReadonlyMap<string, { by: number; goal: number; title: string }>): DomainEvent[] {
  return after.flatMap((row) => {
    const m = moved.get(`${row.user_id}|${row.quest_id}`);
    if (!m || row.progress < m.goal || row.progress - m.by >= m.goal) return [];
    return [{ type: 'QuestReady' as const, userId: row.user_id, questId: row.quest_id, title: m.title }];
  });
}

/** A member's PvE or PvP victory (not over a ghost): contribution for them, experience for the guild. */
export const guildSubscriber: Subscriber = {
  name: 'guild experience',
  async handle(tx, events) {
    const points = new Map<number, number>();
    for (const { event } of events) {
      if (event.type !== 'BattleWon' || event.ghost) continue;
      points.set(event.userId, (points.get(event.userId) ?? 0) + GUILD_VICTORY_POINTS[event.kind]);
    }
    if (points.size === 0) return;
    const rows = [...points].sort((x, y) => x[0] - y[0]).map(([userId, p]) => ({ user_id: userId, points: p }));
    // The guild rows before the membership rows: the order every guild transaction locks in.
    await executePrepared(
      tx,
      'guild_victory_points',
      sql`
      with v as (select * from json_to_recordset(${JSON.stringify(rows)}::json) as v(user_id int, points int)),
      m as (select gm.id, gm.guild_id, v.points from ${guildMembers} gm join v on gm.user_id = v.user_id),
      g as (
        update ${guilds} set experience = experience + s.points
        from (select guild_id, sum(points)::int as points from m group by guild_id) s
        where ${guilds}.id = s.guild_id
      )
      update ${guildMembers} set contribution_points = contribution_points + m.points from m where ${guildMembers}.id = m.id`,
    );
  },
};

/** Players whose leaderboard standing an event can change: their best level and total wins. */
function standingsOf(events: readonly StoredEvent[]): number[] {
  const ids = new Set<number>();
  for (const { event } of events) {
    switch (event.type) {
      case 'CharacterCreated':
      case 'BattleWon':
      case 'BattleLost':
      case 'LevelGained':
        ids.add(event.userId);
        break;
      case 'CharacterSold':
        ids.add(event.userId);
        ids.add(event.buyerId);
        break;
      default:
        break;
    }
  }
  return [...ids].sort((a, b) => a - b);
}

/**
 * Recomputes the players' leaderboard columns from the characters they own now (one statement).
 * Only rows whose standing changed are written (a PvP loss without a level changes neither).
 */
export async function refreshStandings(tx: Tx, userIds: readonly number[]): Promise<void> {
  if (userIds.length === 0) return;
  await executePrepared(
    tx,
    'leaderboard_standings',
    sql`
    with s as (
      select u.id,
        coalesce((select max(level) from ${characters} where user_id = u.id), 0) as best_level,
        coalesce((select sum(wins) from ${characters} where user_id = u.id), 0)::int as total_wins
      from ${users} u where u.id = any(${intArray(userIds)})
    )
    update ${users} u set best_level = s.best_level, total_wins = s.total_wins
    from s where u.id = s.id and (u.best_level, u.total_wins) is distinct from (s.best_level, s.total_wins)`,
  );
}

export const standingsSubscriber: Subscriber = {
  name: 'standings',
  handle: (tx, events) => refreshStandings(tx, standingsOf(events)),
};

/** The arena chat hears of notable events once they are committed (at most a message a second). */
export const announcementSubscriber: Subscriber = {
  name: 'announcements',
  async afterCommit(events, ctx) {
    for (const { event } of events) {
      switch (event.type) {
        case 'LevelGained': {
          const milestone = levelMilestone(event.from, event.to);
          if (milestone) await announceLevelMilestone(ctx, event.userId, event.characterName, milestone);
          break;
        }
        case 'PvpStreak':
          await announceStreak(ctx, event.userId, event.characterName, event.streak);
          break;
        case 'RatingMilestone':
          await announceRatingMilestone(ctx, event.userId, event.characterName, event.rating);
          break;
        case 'ItemForged':
          if (RARITIES.indexOf(event.rarity as (typeof RARITIES)[number]) >= RARITIES.indexOf('legendary')) {
            await announceForging(ctx, event.userId, event.itemName, event.rarity);
          }
          break;
        case 'GuildFounded':
          await announceGuildFounded(ctx, event.userId, event.guildName);
          break;
        case 'GuildBattleWon':
          announceGuildBattle(ctx, event.winnerGuild, event.loserGuild, event.reward);
          break;
        default:
          break;
      }
    }
  },
};

/** In the order they run: quests first, as the issue asks, then the rest. */
export const SUBSCRIBERS: readonly Subscriber[] = [questSubscriber, guildSubscriber, standingsSubscriber, notificationSubscriber, announcementSubscriber];
