import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { QUEST_MESSAGES, type QuestClaimView, type QuestView } from '@common/quests';
import type { AppContext } from '../context';
import { rowsOf } from '../db/client';
import { users } from '../db/schema';
import { domainEvents, questProgress } from '../db/schema-events';
import { notifications } from '../db/schema-social';
import { questReadyText } from '../domain/notifications';
import { materialById } from '../domain/forge-sets';
import { findQuest, firstStepsId, questDay, questsOf, type PlayerQuest, type QuestRewardDef } from '../domain/quests';
import { conflict, notFound } from '../errors';
import { grantMaterials } from './forge';
import { moveCredits } from './ledger';
import { transact } from './transaction';

function rewardView(reward: QuestRewardDef): QuestView['reward'] {
  return {
    credits: reward.credits,
    materials: reward.materials.map((m) => ({ id: m.id, name: materialById(m.id)?.name ?? m.id, amount: m.amount })),
  };
}

function questView(q: PlayerQuest, row: { progress: number; claimedAt: Date | null } | undefined): QuestView {
  return {
    id: q.id,
    kind: q.kind,
    title: q.def.title,
    description: q.def.description,
    progress: Math.min(row?.progress ?? 0, q.def.goal),
    goal: q.def.goal,
    reward: rewardView(q.def.reward),
    claimed: row?.claimedAt != null,
  };
}

/** `GET /api/quests`: the first-steps chain, then today's three dailies (one statement). */
export async function listQuests({ db, clock }: AppContext, userId: number): Promise<QuestView[]> {
  const quests = questsOf(userId, questDay(clock.now()));
  const rows = await db
    .select({ questId: questProgress.questId, progress: questProgress.progress, claimedAt: questProgress.claimedAt })
    .from(questProgress)
    .where(and(eq(questProgress.userId, userId), inArray(questProgress.questId, quests.map((q) => q.id))));
  const byId = new Map(rows.map((r) => [r.questId, r]));
  return quests.map((q) => questView(q, byId.get(q.id)));
}

/**
 * `POST /api/quests/{id}/claim`: pays a finished quest's reward through the ledger (and its
 * materials) once, and marks the quest's notification read. The quest's row is locked, so two
 * claims at once pay once.
 */
export async function claimQuest(ctx: AppContext, userId: number, questId: string): Promise<QuestClaimView> {
  const quest = findQuest(userId, questId, questDay(ctx.clock.now()));
  if (!quest) throw notFound(QUEST_MESSAGES.notFound);
  return transact(ctx, async (tx) => {
    const [row] = await tx
      .select()
      .from(questProgress)
      .where(and(eq(questProgress.userId, userId), eq(questProgress.questId, quest.id)))
      .for('update');
    if (!row || row.progress < quest.def.goal) throw conflict(QUEST_MESSAGES.notFinished);
    if (row.claimedAt) throw conflict(QUEST_MESSAGES.alreadyClaimed);
    const now = ctx.clock.now();
    const [claimed] = await tx
      .update(questProgress)
      .set({ claimedAt: now, updatedAt: now })
      .where(and(eq(questProgress.userId, userId), eq(questProgress.questId, quest.id)))
      .returning();
    const { reward } = quest.def;
    const credits =
      reward.credits > 0
        ? await moveCredits(tx, { userId, delta: reward.credits, reason: 'quest_reward', reference: `quest:${quest.id}` })
        : ((await tx.select({ credits: users.credits }).from(users).where(eq(users.id, userId)))[0]?.credits ?? 0);
    await grantMaterials(tx, userId, reward.materials.map((m) => ({ materialId: m.id, amount: m.amount })));
    // The quest's notification asked for this claim: it is read now, and the bell stops counting it.
    await tx
      .update(notifications)
      .set({ readAt: now })
      .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'quest_ready'), isNull(notifications.readAt), eq(notifications.text, questReadyText(quest.def.title))));
    return { quest: questView(quest, claimed), credits };
  });
}

/**
 * The player opened the marketplace: the first-steps quest that asks for it hears of it. One
 * statement, and only until that quest has progress (the listing is polled every 15 s).
 */
export async function noteMarketVisit(ctx: AppContext, userId: number): Promise<void> {
  const questId = firstStepsId('open-market');
  const written = await ctx.db.execute(sql`
    insert into ${domainEvents} (type, user_id, payload, created_at)
    select 'MarketVisited', ${userId}::int, ${JSON.stringify({ type: 'MarketVisited', userId })}::jsonb, ${ctx.clock.now()}
    where not exists (select 1 from ${questProgress} where user_id = ${userId} and quest_id = ${questId})
    returning id`);
  if (rowsOf(written).length > 0) ctx.outbox.nudge();
}
