import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import { MODERATION_MESSAGES, REPORTS_PER_HOUR, type ReportBody, type ReportEvidence, type ReportView } from '@common/moderation';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { characters, marketplaceListings, users } from '../db/schema';
import { chatMessages } from '../db/schema-chat';
import { guildMembers, guilds } from '../db/schema-guilds';
import { reports } from '../db/schema-moderation';
import { replays } from '../db/schema-replays';
import { evidenceWindow } from '../domain/moderation';
import { PG_UNIQUE_VIOLATION, badRequest, conflict, notFound, pgErrorCode, tooMany } from '../errors';

/**
 * Reports (docs/decisions.md 'Moderation'): what a player reports is kept as it was at that
 * moment (the chat message and the ten around it, the battle's replay, the name), so a later
 * edit, rename or deletion changes nothing a moderator reads. One open report per reporter and
 * target; ten reports an hour per player.
 */

/** First key of the advisory lock that serialises one player's reports (second key: user id). */
const REPORT_LOCK_NAMESPACE = 4_204_127;
const HOUR_MS = 3_600_000;

interface Target {
  userId: number | null;
  evidence: ReportEvidence;
}

const lineOf = (r: typeof chatMessages.$inferSelect) => ({ id: r.id, userId: r.userId, username: r.username, message: r.message, createdAt: r.createdAt.toISOString() });

async function chatTarget(tx: Tx, id: number): Promise<Target | null> {
  const [message] = await tx.select().from(chatMessages).where(eq(chatMessages.id, id)).limit(1);
  if (!message || message.type !== 'player') return null;
  const before = await tx.select().from(chatMessages).where(lt(chatMessages.id, id)).orderBy(desc(chatMessages.id)).limit(10);
  const after = await tx.select().from(chatMessages).where(gt(chatMessages.id, id)).orderBy(chatMessages.id).limit(10);
  return { userId: message.userId, evidence: { username: message.username, chat: evidenceWindow(before, message, after).map(lineOf) } };
}

async function battleTarget(tx: Tx, id: number, reporterId: number): Promise<Target | null> {
  const [replay] = await tx.select({ sides: replays.sides, kind: replays.kind }).from(replays).where(eq(replays.id, id)).limit(1);
  if (!replay) return null;
  const other = replay.sides.find((s) => s.userId !== null && s.userId !== reporterId) ?? replay.sides.find((s) => s.userId !== null);
  return { userId: other?.userId ?? null, evidence: { replayId: id, ...(other?.username ? { username: other.username } : {}) } };
}

/** The reported thing and its evidence, or null when there is nothing by that id. */
async function targetOf(tx: Tx, { kind, targetId }: ReportBody, reporterId: number): Promise<Target | null> {
  switch (kind) {
    case 'player': {
      const [user] = await tx.select({ id: users.id, username: users.username }).from(users).where(eq(users.id, targetId)).limit(1);
      return user ? { userId: user.id, evidence: { name: user.username, username: user.username } } : null;
    }
    case 'chat':
      return chatTarget(tx, targetId);
    case 'battle':
      return battleTarget(tx, targetId, reporterId);
    case 'guild': {
      const [guild] = await tx.select({ name: guilds.name, description: guilds.description }).from(guilds).where(eq(guilds.id, targetId)).limit(1);
      if (!guild) return null;
      const [leader] = await tx
        .select({ userId: guildMembers.userId })
        .from(guildMembers)
        .where(and(eq(guildMembers.guildId, targetId), eq(guildMembers.role, 'leader')))
        .limit(1);
      return { userId: leader?.userId ?? null, evidence: { name: guild.name, description: guild.description } };
    }
    case 'listing': {
      const [listing] = await tx
        .select({ sellerId: marketplaceListings.sellerId, price: marketplaceListings.price, name: characters.name, username: users.username })
        .from(marketplaceListings)
        .innerJoin(characters, eq(characters.id, marketplaceListings.characterId))
        .innerJoin(users, eq(users.id, marketplaceListings.sellerId))
        .where(eq(marketplaceListings.id, targetId))
        .limit(1);
      return listing ? { userId: listing.sellerId, evidence: { name: listing.name, username: listing.username, price: listing.price } } : null;
    }
  }
}

export async function fileReport(ctx: AppContext, reporterId: number, body: ReportBody): Promise<{ id: number; message: string }> {
  const now = ctx.clock.now();
  try {
    return await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${REPORT_LOCK_NAMESPACE}::int, ${reporterId}::int)`);
      const target = await targetOf(tx, body, reporterId);
      if (!target) throw notFound(MODERATION_MESSAGES.reportTargetMissing);
      if (target.userId === reporterId && body.kind !== 'battle') throw badRequest(MODERATION_MESSAGES.reportSelf);
      const [open] = await tx
        .select({ id: reports.id })
        .from(reports)
        .where(and(eq(reports.reporterId, reporterId), eq(reports.kind, body.kind), eq(reports.targetId, body.targetId), eq(reports.status, 'open')))
        .limit(1);
      if (open) throw conflict(MODERATION_MESSAGES.reportTwice);
      const [recent] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(reports)
        .where(and(eq(reports.reporterId, reporterId), gt(reports.createdAt, new Date(now.getTime() - HOUR_MS))));
      if ((recent?.n ?? 0) >= REPORTS_PER_HOUR) throw tooMany(MODERATION_MESSAGES.tooManyReports);
      const [row] = await tx
        .insert(reports)
        .values({
          reporterId,
          kind: body.kind,
          targetId: body.targetId,
          targetUserId: target.userId,
          reason: body.reason,
          note: body.note || null,
          evidence: target.evidence,
          createdAt: now,
        })
        .returning({ id: reports.id });
      return { id: row!.id, message: MODERATION_MESSAGES.reported };
    });
  } catch (err) {
    // Two reports of one target racing: the partial unique index lets one through.
    if (pgErrorCode(err) === PG_UNIQUE_VIOLATION) throw conflict(MODERATION_MESSAGES.reportTwice);
    throw err;
  }
}

const REPORTS_PAGE = 20;

/** The moderators' queue: open or handled reports, newest first, paged by id. */
export async function reportQueue({ db }: AppContext, { status, cursor }: { status: 'open' | 'resolved'; cursor?: number }): Promise<{ reports: ReportView[]; nextCursor: number | null }> {
  const reporter = sql<string>`(select ${users.username} from ${users} where ${users.id} = ${reports.reporterId})`;
  const target = sql<string | null>`(select ${users.username} from ${users} where ${users.id} = ${reports.targetUserId})`;
  const messageDeleted = sql<boolean>`(${reports.kind} = 'chat' and exists (select 1 from ${chatMessages} where ${chatMessages.id} = ${reports.targetId} and ${chatMessages.deletedAt} is not null))`;
  const rows = await db
    .select({ report: reports, reporter, target, messageDeleted })
    .from(reports)
    .where(and(status === 'open' ? eq(reports.status, 'open') : sql`${reports.status} <> 'open'`, cursor === undefined ? undefined : lt(reports.id, cursor)))
    .orderBy(desc(reports.id))
    .limit(REPORTS_PAGE + 1);
  const page = rows.slice(0, REPORTS_PAGE);
  return {
    reports: page.map(({ report: r, reporter: by, target: about, messageDeleted: deleted }) => ({
      id: r.id,
      kind: r.kind,
      targetId: r.targetId,
      targetUserId: r.targetUserId,
      targetUsername: about,
      reporter: by ?? '',
      reason: r.reason,
      note: r.note,
      evidence: r.evidence,
      status: r.status,
      createdAt: r.createdAt.toISOString(),
      messageDeleted: deleted === true,
    })),
    nextCursor: rows.length > REPORTS_PAGE ? page[page.length - 1]!.report.id : null,
  };
}
