import { and, asc, count, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { CreateGuildBody, GuildMemberView, GuildSummaryView, MyGuildView } from '@common/guilds';
import type { AppContext } from '../context';
import type { Executor, Tx } from '../db/client';
import { users } from '../db/schema';
import { guildBattles, guildInvitations, guildMembers, guilds } from '../db/schema-guilds';
import { GUILD_EXPERIENCE_PER_LEVEL, experienceIntoLevel, guildLevel, successorOf } from '../domain/guilds';
import { PG_UNIQUE_VIOLATION, conflict, forbidden, notFound, pgErrorCode } from '../errors';
import { transact } from './transaction';
import { recordEvents } from './outbox';

/**
 * Guilds (DESIGN §4): founding, the directory, joining and leaving. A player belongs to at
 * most one guild (a unique index on the membership's user id); joining locks the guild row,
 * so exactly one player gets the last seat however many race for it.
 */

export type GuildRow = typeof guilds.$inferSelect;
export type MemberRow = typeof guildMembers.$inferSelect;

export const NOT_IN_GUILD = 'You are not in a guild';
export const ALREADY_IN_GUILD = 'You are already in a guild';

export function summaryView(row: GuildRow, memberCount: number): GuildSummaryView {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    guildAvatar: row.guildAvatar,
    level: guildLevel(row.experience),
    memberCount,
    maxMembers: row.maxMembers,
    treasury: row.treasury,
    experience: row.experience,
    isPrivate: row.isPrivate,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function memberCounts(db: Executor, guildIds: number[]): Promise<Map<number, number>> {
  if (guildIds.length === 0) return new Map();
  const rows = await db
    .select({ guildId: guildMembers.guildId, n: count() })
    .from(guildMembers)
    .where(inArray(guildMembers.guildId, guildIds))
    .groupBy(guildMembers.guildId);
  return new Map(rows.map((r) => [r.guildId, r.n]));
}

/** A guild that has not disbanded; archived guilds stay as rows for their treasury and its log. */
export const activeGuild = isNull(guilds.disbandedAt);

/** The directory: every active guild, highest level first, then the fullest, then by name. */
export async function directory({ db }: AppContext): Promise<GuildSummaryView[]> {
  const rows = await db.select().from(guilds).where(activeGuild).orderBy(desc(guilds.experience), asc(guilds.name));
  const counts = await memberCounts(db, rows.map((r) => r.id));
  return rows
    .map((row) => summaryView(row, counts.get(row.id) ?? 0))
    .sort((a, b) => b.level - a.level || b.memberCount - a.memberCount || a.name.localeCompare(b.name));
}

/** The player's membership, optionally locked; null outside a guild. */
export async function membershipOf(db: Executor, userId: number, lock = false): Promise<MemberRow | null> {
  const query = db.select().from(guildMembers).where(eq(guildMembers.userId, userId)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The player's membership or a 404. */
export async function requireMembership(db: Executor, userId: number): Promise<MemberRow> {
  const row = await membershipOf(db, userId);
  if (!row) throw notFound(NOT_IN_GUILD);
  return row;
}

/**
 * Locks an active guild's row for the rest of the transaction: membership changes queue up
 * behind it. A disbanded guild is 404, as if it did not exist.
 */
export async function lockGuild(tx: Tx, guildId: number): Promise<GuildRow> {
  const [row] = await tx.select().from(guilds).where(and(eq(guilds.id, guildId), activeGuild)).for('update');
  if (!row) throw notFound('Guild not found');
  return row;
}

async function membersOf(db: Executor, guildId: number): Promise<GuildMemberView[]> {
  const rows = await db
    .select({ member: guildMembers, username: users.username })
    .from(guildMembers)
    .innerJoin(users, eq(users.id, guildMembers.userId))
    .where(eq(guildMembers.guildId, guildId))
    .orderBy(asc(guildMembers.joinedAt), asc(guildMembers.id));
  const rank = { leader: 0, officer: 1, member: 2 } as const;
  return rows
    .map(({ member, username }) => ({
      id: member.id,
      userId: member.userId,
      role: member.role,
      contributionPoints: member.contributionPoints,
      joinedAt: member.joinedAt.toISOString(),
      user: { username },
    }))
    .sort((a, b) => rank[a.role] - rank[b.role] || b.contributionPoints - a.contributionPoints);
}

/**
 * `GET /api/guilds/my-guild`: the player's guild, or null outside any (the usual state of a new
 * player, not an error: a 404 there was a console error on every visit of the guild screen).
 */
export async function ownGuild(db: Executor, userId: number): Promise<MyGuildView | null> {
  const membership = await membershipOf(db, userId);
  return membership ? guildView(db, membership) : null;
}

/** The player's guild after an action that leaves them in one (404 outside any). */
export async function myGuild(db: Executor, userId: number): Promise<MyGuildView> {
  const view = await guildView(db, await requireMembership(db, userId));
  if (!view) throw notFound(NOT_IN_GUILD);
  return view;
}

/** The guild of this membership; null when it went between the two reads (disbanded meanwhile). */
async function guildView(db: Executor, membership: MemberRow): Promise<MyGuildView | null> {
  const [row] = await db.select().from(guilds).where(eq(guilds.id, membership.guildId)).limit(1);
  if (!row) return null;
  const members = await membersOf(db, row.id);
  return {
    ...summaryView(row, members.length),
    members,
    myRole: membership.role,
    myMemberId: membership.id,
    experienceIntoLevel: experienceIntoLevel(row.experience),
    experiencePerLevel: GUILD_EXPERIENCE_PER_LEVEL,
  };
}

/** Adds the player to a locked guild: 409 when full or already in a guild. */
export async function addMember(tx: Tx, guild: GuildRow, userId: number, role: MemberRow['role'] = 'member'): Promise<void> {
  if (await membershipOf(tx, userId)) throw conflict(ALREADY_IN_GUILD);
  const [members] = await tx.select({ n: count() }).from(guildMembers).where(eq(guildMembers.guildId, guild.id));
  if ((members?.n ?? 0) >= guild.maxMembers) throw conflict('This guild is full');
  try {
    // The unique index on the user id settles a player racing into two guilds at once.
    await tx.insert(guildMembers).values({ guildId: guild.id, userId, role });
  } catch (err) {
    if (pgErrorCode(err) === PG_UNIQUE_VIOLATION) throw conflict(ALREADY_IN_GUILD);
    throw err;
  }
  // A member has no use for other invitations.
  await tx.delete(guildInvitations).where(eq(guildInvitations.userId, userId));
}

/** Founds a guild with the player as its leader, and announces it in the arena chat. */
export async function createGuild(ctx: AppContext, userId: number, input: CreateGuildBody): Promise<MyGuildView> {
  const guild = await transact(ctx, async (tx) => {
    if (await membershipOf(tx, userId)) throw conflict(ALREADY_IN_GUILD);
    let row: GuildRow;
    try {
      const [inserted] = await tx
        .insert(guilds)
        .values({
          name: input.name,
          description: input.description ?? '',
          guildAvatar: input.guildAvatar,
          isPrivate: input.isPrivate,
          maxMembers: input.maxMembers,
        })
        .returning();
      row = inserted!;
    } catch (err) {
      if (pgErrorCode(err) === PG_UNIQUE_VIOLATION) throw conflict('A guild with this name already exists');
      throw err;
    }
    await addMember(tx, row, userId, 'leader');
    await recordEvents(tx, [{ type: 'GuildFounded', userId, guildName: row.name }], ctx.clock.now());
    return myGuild(tx, userId);
  });
  return guild;
}

/** Joins a public guild, or a private one the player is invited to. */
export async function joinGuild({ db }: AppContext, userId: number, guildId: number): Promise<MyGuildView> {
  return db.transaction(async (tx) => {
    const guild = await lockGuild(tx, guildId);
    if (guild.isPrivate) {
      const [invitation] = await tx
        .select({ id: guildInvitations.id })
        .from(guildInvitations)
        .where(and(eq(guildInvitations.guildId, guildId), eq(guildInvitations.userId, userId)))
        .limit(1);
      if (!invitation) throw forbidden('This guild is invitation only');
    }
    await addMember(tx, guild, userId);
    return myGuild(tx, userId);
  });
}

/**
 * Takes a member out of a locked guild: the lead passes on, and the last one out disbands it.
 * A disbanded guild is archived, not deleted: its treasury and treasury log stay as they were.
 */
export async function dropMember(tx: Tx, guild: GuildRow, member: MemberRow, now: Date): Promise<'left' | 'disbanded'> {
  await tx.delete(guildMembers).where(eq(guildMembers.id, member.id));
  const remaining = await tx.select().from(guildMembers).where(eq(guildMembers.guildId, guild.id));
  if (remaining.length === 0) {
    // Open challenges die with the guild; finished battles keep its name in the history.
    await tx
      .update(guildBattles)
      .set({ status: 'cancelled', resolvedAt: now })
      .where(
        and(
          inArray(guildBattles.status, ['pending', 'active']),
          or(eq(guildBattles.challengerGuildId, guild.id), eq(guildBattles.defenderGuildId, guild.id)),
        ),
      );
    await tx.delete(guildInvitations).where(eq(guildInvitations.guildId, guild.id));
    await tx.update(guilds).set({ disbandedAt: now }).where(eq(guilds.id, guild.id));
    return 'disbanded';
  }
  if (member.role === 'leader') {
    const next = successorOf(remaining);
    if (next) await tx.update(guildMembers).set({ role: 'leader' }).where(eq(guildMembers.id, next.id));
  }
  return 'left';
}

/** `POST /api/guilds/leave`. */
export async function leaveGuild({ db, clock }: AppContext, userId: number): Promise<{ message: string; disbanded: boolean }> {
  return db.transaction(async (tx) => {
    const membership = await requireMembership(tx, userId);
    const guild = await lockGuild(tx, membership.guildId);
    // Re-read under the guild's lock: a removal may have got there first.
    const current = await membershipOf(tx, userId);
    if (!current || current.guildId !== guild.id) throw notFound(NOT_IN_GUILD);
    const outcome = await dropMember(tx, guild, current, clock.now());
    return outcome === 'disbanded'
      ? { message: `You left ${guild.name}; the guild has disbanded`, disbanded: true }
      : { message: `You left ${guild.name}`, disbanded: false };
  });
}
