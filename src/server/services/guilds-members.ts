import { and, desc, eq, sql } from 'drizzle-orm';
import type { GuildInvitationView, GuildRole, MyGuildView } from '@common/guilds';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { users } from '../db/schema';
import { guildInvitations, guildMembers, guilds, guildTreasuryLog } from '../db/schema-guilds';
import { canChangeRoles, canManage, canRemove } from '../domain/guilds';
import { PG_UNIQUE_VIOLATION, badRequest, conflict, forbidden, notFound, pgErrorCode } from '../errors';
import {
  ALREADY_IN_GUILD,
  NOT_IN_GUILD,
  activeGuild,
  addMember,
  dropMember,
  lockGuild,
  memberCounts,
  membershipOf,
  myGuild,
  requireMembership,
  summaryView,
  type MemberRow,
} from './guilds';
import { assertNotBlocked } from './blocks';
import { moveCredits } from './ledger';
import { recordEvents } from './outbox';
import { transact } from './transaction';

/** Invitations, roles, removal, donations and contribution: what happens inside a guild. */

/** The acting player's membership under the guild's lock, checked against a rule of their role. */
async function actingMember(tx: Tx, userId: number, allowed: (role: GuildRole) => boolean, refusal: string) {
  const membership = await requireMembership(tx, userId);
  const guild = await lockGuild(tx, membership.guildId);
  const me = await membershipOf(tx, userId);
  if (!me || me.guildId !== guild.id) throw notFound(NOT_IN_GUILD);
  if (!allowed(me.role)) throw forbidden(refusal);
  return { guild, me };
}

/** A leader or officer invites a player by username; the player accepts or declines. */
export async function invite(ctx: AppContext, userId: number, username: string): Promise<{ message: string }> {
  return transact(ctx, async (tx) => {
    const { guild } = await actingMember(tx, userId, canManage, 'Only leaders and officers can invite players');
    const [target] = await tx
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(sql`lower(${users.username}) = lower(${username})`)
      .limit(1);
    if (!target) throw notFound('Player not found');
    // Either blocks the other: the inviter is told only that the player is not accepting that.
    await assertNotBlocked(tx, userId, target.id);
    if (await membershipOf(tx, target.id)) throw conflict(`${target.username} is already in a guild`);
    const counts = await memberCounts(tx, [guild.id]);
    if ((counts.get(guild.id) ?? 0) >= guild.maxMembers) throw conflict('This guild is full');
    try {
      await tx.insert(guildInvitations).values({ guildId: guild.id, userId: target.id, invitedBy: userId });
    } catch (err) {
      if (pgErrorCode(err) === PG_UNIQUE_VIOLATION) throw conflict(`${target.username} is already invited`);
      throw err;
    }
    const [inviter] = await tx.select({ username: users.username }).from(users).where(eq(users.id, userId));
    await recordEvents(tx, [{ type: 'GuildInvited', userId: target.id, guildName: guild.name, invitedBy: inviter?.username ?? 'A guild officer' }], ctx.clock.now());
    return { message: `${target.username} was invited to ${guild.name}` };
  });
}

/** The player's pending invitations, newest first. */
export async function myInvitations({ db }: AppContext, userId: number): Promise<GuildInvitationView[]> {
  const inviter = sql<string | null>`(select ${users.username} from ${users} where ${users.id} = ${guildInvitations.invitedBy})`;
  const rows = await db
    .select({ invitation: guildInvitations, guild: guilds, invitedBy: inviter })
    .from(guildInvitations)
    .innerJoin(guilds, and(eq(guilds.id, guildInvitations.guildId), activeGuild))
    .where(eq(guildInvitations.userId, userId))
    .orderBy(desc(guildInvitations.createdAt), desc(guildInvitations.id));
  const counts = await memberCounts(db, rows.map((r) => r.guild.id));
  return rows.map(({ invitation, guild, invitedBy }) => {
    const { id, name, guildAvatar, level, memberCount, maxMembers, isPrivate } = summaryView(guild, counts.get(guild.id) ?? 0);
    return {
      id: invitation.id,
      guild: { id, name, guildAvatar, level, memberCount, maxMembers, isPrivate },
      invitedBy,
      createdAt: invitation.createdAt.toISOString(),
    };
  });
}

async function ownInvitation(tx: Tx, userId: number, invitationId: number) {
  const [invitation] = await tx.select().from(guildInvitations).where(eq(guildInvitations.id, invitationId)).limit(1);
  if (!invitation) throw notFound('Invitation not found');
  if (invitation.userId !== userId) throw forbidden('This invitation is not yours');
  return invitation;
}

export async function acceptInvitation({ db }: AppContext, userId: number, invitationId: number): Promise<MyGuildView> {
  return db.transaction(async (tx) => {
    const invitation = await ownInvitation(tx, userId, invitationId);
    const guild = await lockGuild(tx, invitation.guildId);
    if (await membershipOf(tx, userId)) throw conflict(ALREADY_IN_GUILD);
    await addMember(tx, guild, userId);
    return myGuild(tx, userId);
  });
}

export async function declineInvitation({ db }: AppContext, userId: number, invitationId: number): Promise<{ message: string }> {
  return db.transaction(async (tx) => {
    const invitation = await ownInvitation(tx, userId, invitationId);
    await tx.delete(guildInvitations).where(eq(guildInvitations.id, invitation.id));
    return { message: 'Invitation declined' };
  });
}

/** A member of the actor's own guild, by membership id: 404 for anyone else's. */
async function memberOfGuild(tx: Tx, guildId: number, memberId: number): Promise<MemberRow> {
  const [target] = await tx
    .select()
    .from(guildMembers)
    .where(and(eq(guildMembers.id, memberId), eq(guildMembers.guildId, guildId)))
    .limit(1);
  if (!target) throw notFound('Member not found');
  return target;
}

/** The leader names a member officer or demotes an officer. */
export async function changeRole({ db }: AppContext, userId: number, memberId: number, role: 'officer' | 'member'): Promise<MyGuildView> {
  return db.transaction(async (tx) => {
    const { guild, me } = await actingMember(tx, userId, canChangeRoles, 'Only the guild leader can change roles');
    const target = await memberOfGuild(tx, guild.id, memberId);
    if (target.id === me.id || target.role === 'leader') throw badRequest('The leader keeps the lead until they leave');
    await tx.update(guildMembers).set({ role }).where(eq(guildMembers.id, target.id));
    return myGuild(tx, userId);
  });
}

/** The leader removes anyone else; officers remove plain members. */
export async function removeMember({ db, clock }: AppContext, userId: number, memberId: number): Promise<MyGuildView> {
  return db.transaction(async (tx) => {
    const { guild, me } = await actingMember(tx, userId, (role) => role !== 'member', 'Members cannot remove other members');
    const target = await memberOfGuild(tx, guild.id, memberId);
    if (target.id === me.id) throw badRequest('Use Leave Guild to leave your guild');
    if (!canRemove(me.role, target.role)) throw forbidden('Officers can only remove members');
    await dropMember(tx, guild, target, clock.now());
    return myGuild(tx, userId);
  });
}

/**
 * A member gives credits to the guild treasury: a `guild_donation` ledger row takes them from
 * the player (burned as far as player credits go), the treasury log adds them to the guild.
 */
export async function donate(ctx: AppContext, userId: number, amount: number): Promise<{ message: string; credits: number; treasury: number }> {
  return transact(ctx, async (tx) => {
    // The player before the guild: a victory credits the guild while holding the player's row.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
    const membership = await requireMembership(tx, userId);
    const guild = await lockGuild(tx, membership.guildId);
    const credits = await moveCredits(tx, { userId, delta: -amount, reason: 'guild_donation', reference: `guild:${guild.id}` });
    const treasury = await addToTreasury(tx, guild.id, amount, 'donation', `user:${userId}`, userId);
    return { message: `You donated ${amount.toLocaleString('en-US')} credits to ${guild.name}`, credits, treasury };
  });
}

/** Changes a guild's treasury and logs it; returns the treasury after. */
export async function addToTreasury(
  tx: Tx,
  guildId: number,
  delta: number,
  reason: 'donation' | 'battle_reward',
  reference: string,
  userId: number | null = null,
): Promise<number> {
  const [row] = await tx
    .update(guilds)
    .set({ treasury: sql`${guilds.treasury} + ${delta}` })
    .where(eq(guilds.id, guildId))
    .returning({ treasury: guilds.treasury });
  if (!row) throw notFound('Guild not found');
  await tx.insert(guildTreasuryLog).values({ guildId, userId, delta, reason, reference, balanceAfter: row.treasury });
  return row.treasury;
}

