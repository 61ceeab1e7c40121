import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { GuildBattleView } from '@common/guilds';
import type { AppContext } from '../context';
import type { Executor, Tx } from '../db/client';
import { characters, users } from '../db/schema';
import type { ReplaySide } from '../db/schema-replays';
import { guildBattles, guildMembers, guilds } from '../db/schema-guilds';
import { GUILD_BATTLE_EXPERIENCE, canManage, fightGuildBattle, guildBattleReward, type GuildFighter } from '../domain/guilds';
import { badRequest, conflict, forbidden, notFound } from '../errors';
import { lockGuild, requireMembership } from './guilds';
import { addToTreasury } from './guilds-members';
import { fighterFrom, loadoutsOf } from './loadout';
import { replaySide, storeReplays } from './replays';
import { newSeed } from './seeds';
import { recordEvents } from './outbox';
import { transact } from './transaction';

/**
 * Guild battles (DESIGN §4): a leader or officer challenges another guild; the other side's
 * leader or officer accepts or declines. An accepted battle turns active, is fought by the
 * battle engine between both guilds' best characters, and completes with a winner whose
 * treasury gets the reward.
 */

type BattleRow = typeof guildBattles.$inferSelect;

export function battleView(row: BattleRow): GuildBattleView {
  return {
    id: row.id,
    challengerGuild: { id: row.challengerGuildId, name: row.challengerName },
    defenderGuild: { id: row.defenderGuildId, name: row.defenderName },
    status: row.status,
    battleType: row.battleType,
    maxParticipants: row.maxParticipants,
    winnerId: row.winnerId,
    reward: row.reward,
    duels: row.duels.map((d) => ({ ...d, replayId: d.replayId ?? null })),
    createdAt: row.createdAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
  };
}

const involving = (guildId: number) => or(eq(guildBattles.challengerGuildId, guildId), eq(guildBattles.defenderGuildId, guildId));

/** `GET /api/guilds/battles`: the battles of the player's guild, newest first. */
export async function listBattles(ctx: AppContext, userId: number): Promise<GuildBattleView[]> {
  const { db } = ctx;
  const membership = await requireMembership(db, userId);
  // A battle left active (a crash between accepting and fighting) is fought now.
  const stuck = await db
    .select({ id: guildBattles.id })
    .from(guildBattles)
    .where(and(involving(membership.guildId), eq(guildBattles.status, 'active')));
  for (const { id } of stuck) await resolveBattle(ctx, id);
  const rows = await db
    .select()
    .from(guildBattles)
    .where(involving(membership.guildId))
    .orderBy(desc(guildBattles.createdAt), desc(guildBattles.id))
    .limit(50);
  return rows.map(battleView);
}

async function managingMember(tx: Tx, userId: number, refusal: string) {
  const membership = await requireMembership(tx, userId);
  if (!canManage(membership.role)) throw forbidden(refusal);
  return membership;
}

export async function challenge({ db, clock }: AppContext, userId: number, defenderGuildId: number, maxParticipants: number): Promise<GuildBattleView> {
  return db.transaction(async (tx) => {
    const me = await managingMember(tx, userId, 'Only leaders and officers can challenge other guilds');
    if (me.guildId === defenderGuildId) throw badRequest('A guild cannot challenge itself');
    // Both guild rows in id order, so crossing challenges cannot deadlock.
    const [first, second] = [me.guildId, defenderGuildId].sort((a, b) => a - b) as [number, number];
    for (const id of [first, second]) await lockGuild(tx, id);
    const [own] = await tx.select().from(guilds).where(eq(guilds.id, me.guildId));
    const [other] = await tx.select().from(guilds).where(eq(guilds.id, defenderGuildId));
    if (!own || !other) throw notFound('Guild not found');
    const [open] = await tx
      .select({ id: guildBattles.id })
      .from(guildBattles)
      .where(
        and(
          inArray(guildBattles.status, ['pending', 'active']),
          or(
            and(eq(guildBattles.challengerGuildId, own.id), eq(guildBattles.defenderGuildId, other.id)),
            and(eq(guildBattles.challengerGuildId, other.id), eq(guildBattles.defenderGuildId, own.id)),
          ),
        ),
      )
      .limit(1);
    if (open) throw conflict(`There is already an open challenge between ${own.name} and ${other.name}`);
    const [row] = await tx
      .insert(guildBattles)
      .values({
        challengerGuildId: own.id,
        defenderGuildId: other.id,
        challengerName: own.name,
        defenderName: other.name,
        maxParticipants,
        challengedBy: userId,
        createdAt: clock.now(),
      })
      .returning();
    return battleView(row!);
  });
}

/** A battle of the player's guild, locked; 404 for battles of other guilds. */
async function battleOfMyGuild(tx: Tx, guildId: number, battleId: number): Promise<BattleRow> {
  const [row] = await tx.select().from(guildBattles).where(eq(guildBattles.id, battleId)).for('update');
  if (!row || (row.challengerGuildId !== guildId && row.defenderGuildId !== guildId)) throw notFound('Guild battle not found');
  return row;
}

/** The defender's leader or officer accepts: the battle turns active and is fought at once. */
export async function acceptBattle(ctx: AppContext, userId: number, battleId: number): Promise<GuildBattleView> {
  await ctx.db.transaction(async (tx) => {
    const me = await managingMember(tx, userId, 'Only leaders and officers can answer challenges');
    const row = await battleOfMyGuild(tx, me.guildId, battleId);
    if (row.defenderGuildId !== me.guildId) throw forbidden('Only the challenged guild can accept');
    if (row.status !== 'pending') throw conflict('This challenge has already been answered');
    await tx.update(guildBattles).set({ status: 'active' }).where(eq(guildBattles.id, row.id));
  });
  return resolveBattle(ctx, battleId);
}

/** The defender declines, or the challenger withdraws, a pending challenge: it is cancelled. */
export async function declineBattle({ db, clock }: AppContext, userId: number, battleId: number): Promise<GuildBattleView> {
  return db.transaction(async (tx) => {
    const me = await managingMember(tx, userId, 'Only leaders and officers can answer challenges');
    const row = await battleOfMyGuild(tx, me.guildId, battleId);
    if (row.status !== 'pending') throw conflict('This challenge has already been answered');
    const [updated] = await tx
      .update(guildBattles)
      .set({ status: 'cancelled', resolvedAt: clock.now() })
      .where(eq(guildBattles.id, row.id))
      .returning();
    return battleView(updated!);
  });
}

/**
 * Each member's current character (`currentOf`: the best one not listed for sale), unless all of
 * theirs are listed; with its look.
 */
async function fightersOf(tx: Executor, guildId: number, looks: Map<number, ReplaySide>): Promise<GuildFighter[]> {
  const rows = await tx
    .selectDistinctOn([characters.userId], { character: characters, username: users.username })
    .from(guildMembers)
    .innerJoin(characters, eq(characters.userId, guildMembers.userId))
    .innerJoin(users, eq(users.id, guildMembers.userId))
    .where(eq(guildMembers.guildId, guildId))
    .orderBy(characters.userId, asc(characters.listed), desc(characters.level), desc(characters.wins), characters.id);
  const loadouts = await loadoutsOf(tx, rows.map((r) => r.character.id));
  const fighters: GuildFighter[] = [];
  for (const { character, username } of rows) {
    if (character.listed) continue;
    const loadout = loadouts.get(character.id);
    fighters.push({
      ...fighterFrom(character, loadout),
      username,
      characterId: character.id,
    });
    looks.set(
      character.id,
      replaySide({ characterId: character.id, userId: character.userId, username, characterAvatar: character.characterAvatar, imageSet: character.imageSet }),
    );
  }
  return fighters;
}

/** Fights an active battle and completes it (idempotent: anything but active is left alone). */
export async function resolveBattle(ctx: AppContext, battleId: number): Promise<GuildBattleView> {
  const now = ctx.clock.now();
  // Its own transaction, never an action's idempotent one (it also runs from the sweep).
  const result = await transact({ ...ctx, idempotency: undefined }, async (tx) => {
    // Guild rows first (in id order), then the battle: the order membership changes lock in.
    const [peek] = await tx.select().from(guildBattles).where(eq(guildBattles.id, battleId));
    const guildIds = [peek?.challengerGuildId, peek?.defenderGuildId].filter((id): id is number => typeof id === 'number');
    if (peek?.status === 'active' && guildIds.length > 0) {
      await tx.select({ id: guilds.id }).from(guilds).where(inArray(guilds.id, guildIds)).orderBy(guilds.id).for('update');
    }
    const [row] = await tx.select().from(guildBattles).where(eq(guildBattles.id, battleId)).for('update');
    if (!row) throw notFound('Guild battle not found');
    if (row.status !== 'active') return { row, announce: null };
    if (row.challengerGuildId === null || row.defenderGuildId === null) {
      const [cancelled] = await tx
        .update(guildBattles)
        .set({ status: 'cancelled', resolvedAt: now })
        .where(eq(guildBattles.id, row.id))
        .returning();
      return { row: cancelled! };
    }
    const seed = newSeed();
    const looks = new Map<number, ReplaySide>();
    const outcome = fightGuildBattle(
      await fightersOf(tx, row.challengerGuildId, looks),
      await fightersOf(tx, row.defenderGuildId, looks),
      row.maxParticipants,
      seed,
    );
    // Every duel is a stored battle of its own.
    const replayIds = await storeReplays(
      tx,
      outcome.duels.map((d) => ({
        kind: 'guild' as const,
        record: d.record,
        sides: [looks.get(d.challenger.characterId)!, looks.get(d.defender.characterId)!] as [ReplaySide, ReplaySide],
        winner: d.winner === 'challenger' ? (0 as const) : (1 as const),
        reason: d.reason,
        createdAt: now,
      })),
    );
    const duels = outcome.duels.map((d, i) => ({
      challenger: { name: d.challenger.name, level: d.challenger.level, username: d.challenger.username },
      defender: { name: d.defender.name, level: d.defender.level, username: d.defender.username },
      winner: d.winner,
      replayId: replayIds[i]!,
    }));
    if (outcome.winner === null) {
      const [cancelled] = await tx
        .update(guildBattles)
        .set({ status: 'cancelled', seed, resolvedAt: now })
        .where(eq(guildBattles.id, row.id))
        .returning();
      return { row: cancelled! };
    }
    const winnerId = outcome.winner === 'challenger' ? row.challengerGuildId : row.defenderGuildId;
    const reward = guildBattleReward(duels.length);
    await addToTreasury(tx, winnerId, reward, 'battle_reward', `guild_battle:${row.id}`);
    await tx
      .update(guilds)
      .set({ experience: sql`${guilds.experience} + ${GUILD_BATTLE_EXPERIENCE}` })
      .where(eq(guilds.id, winnerId));
    const [completed] = await tx
      .update(guildBattles)
      .set({ status: 'completed', winnerId, reward, seed, duels, resolvedAt: now })
      .where(eq(guildBattles.id, row.id))
      .returning();
    const [winnerGuild, loserGuild] =
      outcome.winner === 'challenger' ? [row.challengerName, row.defenderName] : [row.defenderName, row.challengerName];
    const loserGuildId = outcome.winner === 'challenger' ? row.defenderGuildId : row.challengerGuildId;
    await recordEvents(tx, [{ type: 'GuildBattleWon', winnerGuild, loserGuild, reward, winnerGuildId: winnerId, loserGuildId }], now);
    return { row: completed! };
  });
  return battleView(result.row);
}
