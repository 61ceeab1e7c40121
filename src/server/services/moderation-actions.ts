import { and, eq } from 'drizzle-orm';
import { MODERATION_MESSAGES, utcMinute, type ReportKind } from '@common/moderation';
import { CHAT_CHANNEL, type ChatDeletedEvent } from '../bus/channels';
import type { AppContext } from '../context';
import { PG_UNIQUE_VIOLATION, badRequest, conflict, forbidden, notFound, pgErrorCode } from '../errors';
import type { Executor } from '../db/client';
import { characters, marketplaceListings, sessions, users } from '../db/schema';
import { chatMessages } from '../db/schema-chat';
import { guildMembers, guilds } from '../db/schema-guilds';
import { reports } from '../db/schema-moderation';
import { pvpQueue } from '../db/schema-pvp';
import { mayActOn, minutesFrom, neutralCharacterName, neutralGuildName } from '../domain/moderation';
import { SESSIONS_CHANNEL } from './session-cache';
import { audit, authorRole, requireStaff, targetAccount, type Staff } from './moderation';
import { recordEvents } from './outbox';
import { transact } from './transaction';

/**
 * Moderator actions (docs/decisions.md 'Moderation'): each checks the actor's role and the
 * target's, changes what it changes and writes its audit line in one transaction. What other
 * instances must do at once (drop a chat line, forget sessions) goes over the bus after commit;
 * closing sockets is the caller's (the HTTP layer owns the gateway). An action taken from a
 * report's card names it (`reportId`), and resolves it in the same transaction.
 */

type Done = { message: string };

/** What a report must be about for an action to resolve it: a player, or one chat line or guild. */
type ReportAbout = { userId: number } | { kind: ReportKind; targetId: number };

const answer = (message: string, resolved: boolean): Done => ({ message: resolved ? `${message}; report resolved` : message });

/**
 * Resolves the report an action was taken from, in the action's transaction: 404 when there is no
 * such report and 400 when it is about someone or something else (the action is then not kept
 * either). A report another moderator closed meanwhile stays as they left it; the action holds.
 * Answers whether it resolved one.
 */
async function resolveFrom(tx: Executor, actor: Staff, reportId: number | undefined, about: ReportAbout, reason: string, now: Date): Promise<boolean> {
  if (reportId === undefined) return false;
  const report = await lockReport(tx, reportId);
  const matches = 'userId' in about ? report.targetUserId === about.userId : report.kind === about.kind && report.targetId === about.targetId;
  if (!matches) throw badRequest(MODERATION_MESSAGES.reportElsewhere);
  if (report.status !== 'open') return false;
  await closeLocked(tx, actor, report, 'resolved', reason, now);
  return true;
}

/** The report, locked for its closing; 404 when there is none. */
async function lockReport(tx: Executor, reportId: number): Promise<typeof reports.$inferSelect> {
  const [report] = await tx.select().from(reports).where(eq(reports.id, reportId)).for('update').limit(1);
  if (!report) throw notFound(MODERATION_MESSAGES.reportNotFound);
  return report;
}

/** Closes an open report, locked by the caller: its status, the audit line and the reporter's event. */
async function closeLocked(tx: Executor, actor: Staff, report: typeof reports.$inferSelect, outcome: 'resolved' | 'dismissed', reason: string, now: Date): Promise<void> {
  await tx.update(reports).set({ status: outcome, handledBy: actor.id, handledAt: now }).where(eq(reports.id, report.id));
  await audit(tx, actor, outcome === 'resolved' ? 'report.resolve' : 'report.dismiss', `report:${report.id}`, report.targetUserId, reason, now);
  await recordEvents(tx, [{ type: 'ReportHandled', userId: report.reporterId, reportId: report.id }], now);
}

/** The message leaves the history at once and every open chat on every instance. */
export async function deleteChatMessage(ctx: AppContext, actorId: number, messageId: number, reason: string, reportId?: number): Promise<Done> {
  const now = ctx.clock.now();
  const resolved = await ctx.db.transaction(async (tx) => {
    const actor = await requireStaff(tx, actorId);
    const [message] = await tx.select().from(chatMessages).where(eq(chatMessages.id, messageId)).for('update').limit(1);
    if (!message || message.deletedAt) throw notFound('Message not found');
    const author = await authorRole(tx, message.userId);
    if (author && author.id !== actor.id && !mayActOn(actor, author)) throw forbidden(MODERATION_MESSAGES.notOnStaff);
    await tx.update(chatMessages).set({ deletedAt: now }).where(eq(chatMessages.id, messageId));
    await audit(tx, actor, 'chat.delete', `chat:${messageId}`, message.userId, reason, now);
    return resolveFrom(tx, actor, reportId, { kind: 'chat', targetId: messageId }, reason, now);
  });
  const event: ChatDeletedEvent = { deleted: messageId };
  await ctx.bus.publish(CHAT_CHANNEL, event, { retry: true }).catch((err: unknown) => ctx.log.warn({ err }, 'chat deletion not announced yet'));
  return answer('Message deleted', resolved);
}

export async function mutePlayer(ctx: AppContext, actorId: number, userId: number, minutes: number, reason: string, reportId?: number): Promise<Done> {
  const now = ctx.clock.now();
  const until = minutesFrom(now, minutes);
  const resolved = await ctx.db.transaction(async (tx) => {
    const actor = await requireStaff(tx, actorId);
    const target = await targetAccount(tx, actor, userId);
    await tx.update(users).set({ mutedUntil: until }).where(eq(users.id, target.id));
    await audit(tx, actor, 'user.mute', `user:${userId}`, userId, `${reason} (${minutes} min)`, now);
    // The player hears it at once (the chat shows until when), not at their next message.
    await recordEvents(tx, [{ type: 'PlayerMuted', userId: target.id, until: until.toISOString() }], now);
    return resolveFrom(tx, actor, reportId, { userId }, reason, now);
  });
  return answer(`Muted until ${utcMinute(until)}`, resolved);
}

/**
 * Suspends an account: it cannot log in until the end (or ever), every session ends, its
 * listings are withdrawn and it leaves any queue. Its sockets are closed by the caller.
 */
export async function suspendPlayer(ctx: AppContext, actorId: number, userId: number, days: number | undefined, reason: string, reportId?: number): Promise<Done> {
  const now = ctx.clock.now();
  const until = days === undefined ? null : minutesFrom(now, days * 1440);
  const resolved = await transact(ctx, async (tx) => {
    const actor = await requireStaff(tx, actorId);
    const target = await targetAccount(tx, actor, userId);
    await tx.update(users).set({ suspendedAt: now, suspendedUntil: until }).where(eq(users.id, target.id));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx
      .update(marketplaceListings)
      .set({ status: 'withdrawn', closedAt: now })
      .where(and(eq(marketplaceListings.sellerId, userId), eq(marketplaceListings.status, 'active')));
    await tx.delete(pvpQueue).where(eq(pvpQueue.userId, userId));
    await audit(tx, actor, 'user.suspend', `user:${userId}`, userId, until ? `${reason} (${days} days)` : `${reason} (permanent)`, now);
    return resolveFrom(tx, actor, reportId, { userId }, reason, now);
  });
  ctx.sessions.evict({ userId });
  await ctx.bus.publish(SESSIONS_CHANNEL, { userId }, { retry: true }).catch((err: unknown) => ctx.log.warn({ err }, 'ended sessions not announced yet'));
  return answer(until ? `Suspended until ${until.toISOString()}` : 'Suspended permanently', resolved);
}

export async function unsuspendPlayer(ctx: AppContext, actorId: number, userId: number, reason: string): Promise<Done> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const actor = await requireStaff(tx, actorId);
    await targetAccount(tx, actor, userId);
    await tx.update(users).set({ suspendedAt: null, suspendedUntil: null }).where(eq(users.id, userId));
    await audit(tx, actor, 'user.unsuspend', `user:${userId}`, userId, reason, now);
  });
  return { message: 'Suspension lifted' };
}

/** An admin grants or takes the moderator role. */
export async function setRole(ctx: AppContext, actorId: number, userId: number, role: 'player' | 'moderator', reason: string): Promise<Done> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const actor = await requireStaff(tx, actorId, 'admin');
    await targetAccount(tx, actor, userId);
    await tx.update(users).set({ role }).where(eq(users.id, userId));
    await audit(tx, actor, 'user.role', `user:${userId}`, userId, `${reason} (${role})`, now);
  });
  return { message: `Role set to ${role}` };
}

export async function renameCharacter(ctx: AppContext, actorId: number, characterId: number, reason: string, reportId?: number): Promise<Done> {
  const now = ctx.clock.now();
  const to = neutralCharacterName(characterId);
  const resolved = await transact(ctx, async (tx) => {
    const actor = await requireStaff(tx, actorId);
    const [character] = await tx.select({ userId: characters.userId, name: characters.name }).from(characters).where(eq(characters.id, characterId)).for('update').limit(1);
    if (!character) throw notFound('Character not found');
    await targetAccount(tx, actor, character.userId);
    await tx.update(characters).set({ name: to }).where(eq(characters.id, characterId));
    await audit(tx, actor, 'character.rename', `character:${characterId}`, character.userId, `${reason} (was ${character.name})`, now);
    await recordEvents(tx, [{ type: 'CharacterRenamedByModerator', userId: character.userId, characterId, from: character.name, to }], now);
    return resolveFrom(tx, actor, reportId, { userId: character.userId }, reason, now);
  });
  return answer(`Renamed to ${to}`, resolved);
}

export async function renameGuild(ctx: AppContext, actorId: number, guildId: number, reason: string, reportId?: number): Promise<Done> {
  const now = ctx.clock.now();
  const to = neutralGuildName(guildId);
  try {
    const resolved = await transact(ctx, async (tx) => {
      const actor = await requireStaff(tx, actorId);
      const [guild] = await tx.select({ name: guilds.name }).from(guilds).where(eq(guilds.id, guildId)).for('update').limit(1);
      if (!guild) throw notFound('Guild not found');
      const [leader] = await tx
        .select({ userId: guildMembers.userId })
        .from(guildMembers)
        .where(and(eq(guildMembers.guildId, guildId), eq(guildMembers.role, 'leader')))
        .limit(1);
      if (leader) await targetAccount(tx, actor, leader.userId);
      await tx.update(guilds).set({ name: to }).where(eq(guilds.id, guildId));
      await audit(tx, actor, 'guild.rename', `guild:${guildId}`, leader?.userId ?? null, `${reason} (was ${guild.name})`, now);
      if (leader) await recordEvents(tx, [{ type: 'GuildRenamedByModerator', userId: leader.userId, guildId, from: guild.name, to }], now);
      return resolveFrom(tx, actor, reportId, { kind: 'guild', targetId: guildId }, reason, now);
    });
    return answer(`Renamed to ${to}`, resolved);
  } catch (err) {
    if (pgErrorCode(err) === PG_UNIQUE_VIOLATION) throw conflict(`Another guild is called ${to}`);
    throw err;
  }
}

/** Closes an open report; the reporter is told it was handled, nothing more. */
export async function closeReport(ctx: AppContext, actorId: number, reportId: number, outcome: 'resolved' | 'dismissed', reason: string): Promise<Done> {
  const now = ctx.clock.now();
  await transact(ctx, async (tx) => {
    const actor = await requireStaff(tx, actorId);
    const report = await lockReport(tx, reportId);
    if (report.status !== 'open') throw conflict(MODERATION_MESSAGES.reportHandled);
    await closeLocked(tx, actor, report, outcome, reason, now);
  });
  return { message: outcome === 'resolved' ? 'Report resolved' : 'Report dismissed' };
}
