import { and, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import { MODERATION_MESSAGES, type AuditAction, type AuditEntry, type PlayerRecord, type Role } from '@common/moderation';
import type { AppContext } from '../context';
import type { Executor } from '../db/client';
import { users } from '../db/schema';
import { chatMessages } from '../db/schema-chat';
import { modAudit } from '../db/schema-moderation';
import { replays } from '../db/schema-replays';
import { isStaff, isSuspended, mayActOn } from '../domain/moderation';
import { forbidden, notFound } from '../errors';

/**
 * The moderators' side (docs/decisions.md 'Moderation'): who is staff, the append-only audit
 * log and a player's record. The actions are in moderation-actions.ts.
 */

export interface Staff {
  id: number;
  username: string;
  role: Role;
}

/** The acting player as staff, or 403 for a player (read each time: a role taken away holds at once). */
export async function requireStaff(db: Executor, userId: number, only: 'moderator' | 'admin' = 'moderator'): Promise<Staff> {
  const [me] = await db.select({ id: users.id, username: users.username, role: users.role }).from(users).where(eq(users.id, userId)).limit(1);
  if (!me || !isStaff(me.role)) throw forbidden(MODERATION_MESSAGES.moderatorsOnly);
  if (only === 'admin' && me.role !== 'admin') throw forbidden(MODERATION_MESSAGES.adminsOnly);
  return me;
}

/** The target account, locked, after checking the actor may act on it (403 on staff for a moderator). */
export async function targetAccount(db: Executor, actor: Staff, userId: number) {
  const [target] = await db.select().from(users).where(eq(users.id, userId)).for('update').limit(1);
  if (!target) throw notFound(MODERATION_MESSAGES.playerNotFound);
  if (!mayActOn(actor, target)) throw forbidden(MODERATION_MESSAGES.notOnStaff);
  return target;
}

/** Writes one line of the audit log (the table refuses updates and deletes). */
export async function audit(db: Executor, actor: Staff, action: AuditAction, target: string, targetUserId: number | null, reason: string, now: Date): Promise<void> {
  await db.insert(modAudit).values({ actorId: actor.id, actorName: actor.username, action, target, targetUserId, reason, createdAt: now });
}

const AUDIT_PAGE = 50;

/** An audit line, with the name of the player it was about (null when about nobody, or an account since deleted). */
const entryOf = (r: typeof modAudit.$inferSelect, targetName: string | null): AuditEntry => ({
  id: r.id,
  actor: r.actorName,
  action: r.action as AuditAction,
  target: r.target,
  targetName,
  reason: r.reason,
  createdAt: r.createdAt.toISOString(),
});

export async function auditPage({ db }: AppContext, userId: number, cursor?: number): Promise<{ entries: AuditEntry[]; nextCursor: number | null }> {
  await requireStaff(db, userId);
  const rows = await db
    .select({ row: modAudit, targetName: users.username })
    .from(modAudit)
    .leftJoin(users, eq(users.id, modAudit.targetUserId))
    .where(cursor === undefined ? undefined : lt(modAudit.id, cursor))
    .orderBy(desc(modAudit.id))
    .limit(AUDIT_PAGE + 1);
  const page = rows.slice(0, AUDIT_PAGE);
  return { entries: page.map((r) => entryOf(r.row, r.targetName)), nextCursor: rows.length > AUDIT_PAGE ? page[page.length - 1]!.row.id : null };
}

/** A player's record for the console: their last 20 chat messages, 10 battles and the actions taken on them. */
export async function playerRecord(ctx: AppContext, userId: number, targetId: number): Promise<PlayerRecord> {
  const { db } = ctx;
  await requireStaff(db, userId);
  const [target] = await db.select().from(users).where(eq(users.id, targetId)).limit(1);
  if (!target) throw notFound(MODERATION_MESSAGES.playerNotFound);
  const chat = await db.select().from(chatMessages).where(eq(chatMessages.userId, targetId)).orderBy(desc(chatMessages.id)).limit(20);
  const characterIds = sql`(select id from characters where user_id = ${targetId})`;
  const battles = await db
    .select({ id: replays.id, kind: replays.kind, createdAt: replays.createdAt })
    .from(replays)
    .where(or(inArray(replays.character1Id, characterIds), inArray(replays.character2Id, characterIds)))
    .orderBy(desc(replays.id))
    .limit(10);
  const actions = await db.select().from(modAudit).where(eq(modAudit.targetUserId, targetId)).orderBy(desc(modAudit.id)).limit(50);
  const now = ctx.clock.now();
  return {
    userId: target.id,
    username: target.username,
    role: target.role,
    mutedUntil: target.mutedUntil && target.mutedUntil > now ? target.mutedUntil.toISOString() : null,
    suspended: isSuspended(target.suspendedAt, target.suspendedUntil, now),
    suspendedUntil: target.suspendedUntil?.toISOString() ?? null,
    chat: chat.reverse().map((r) => ({ id: r.id, userId: r.userId, username: r.username, message: r.message, createdAt: r.createdAt.toISOString() })),
    battles: battles.map((b) => ({ replayId: b.id, kind: b.kind, createdAt: b.createdAt.toISOString() })),
    actions: actions.map((a) => entryOf(a, target.username)),
  };
}

/** Whether a chat author's account may be acted on by the actor (a system message has none). */
export async function authorRole(db: Executor, authorId: number | null): Promise<{ id: number; role: Role } | null> {
  if (authorId === null) return null;
  const [author] = await db.select({ id: users.id, role: users.role }).from(users).where(and(eq(users.id, authorId))).limit(1);
  return author ?? null;
}
