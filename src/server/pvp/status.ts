import { eq, inArray } from 'drizzle-orm';
import type { GhostOfferView, LiveBattleView, QueueStatusView } from '@common/pvp';
import type { ServerMessage } from '@common/ws-messages';
import type { AppContext } from '../context';
import { characters, users } from '../db/schema';
import type { RoomHost } from './host/room-host';
import { estimatedWaitSeconds } from '../domain/matchmaking';
import { stateMessage } from './room/protocol';
import { runningBattles } from './storage/battles';
import { pendingChallengeOf, positionOf, queueCounts, seat } from './storage/queue';


async function ghostOffer(ctx: AppContext, characterId: number | null): Promise<GhostOfferView | null> {
  if (characterId === null) return null;
  const [c] = await ctx.db
    .select({ name: characters.name, class: characters.class, level: characters.level, rating: characters.rating })
    .from(characters)
    .where(eq(characters.id, characterId));
  return c ? { ...c, rating: Math.round(c.rating) } : null;
}

/** `GET /api/pvp/queue-status`: the player's place, the counts, their running battle and any ghost offered. */
export async function queueStatus(ctx: AppContext, rooms: RoomHost, userId: number): Promise<QueueStatusView> {
  const [mine, counts, views] = [await seat(ctx, userId), await queueCounts(ctx), await rooms.viewFor(userId)];
  const now = ctx.clock.now();
  // Queued or fighting, the player has no challenge waiting (neither starts while one does).
  const challenge = mine || views?.battle ? null : await pendingChallengeOf(ctx.db, userId, now);
  return {
    queueTime: mine ? Math.max(0, Math.floor((now.getTime() - mine.joinedAt.getTime()) / 1000)) : 0,
    playersInQueue: counts.playersInQueue,
    activeBattles: counts.activeBattles,
    inQueue: Boolean(mine),
    position: mine ? await positionOf(ctx, mine) : null,
    battle: views?.battle ?? null,
    ghostOffer: mine ? await ghostOffer(ctx, mine.ghostCharacterId) : null,
    turnSeconds: ctx.config.PVP_TURN_SECONDS,
    challenge: challenge ? { id: challenge.id, username: challenge.username, expiresAt: challenge.expiresAt.toISOString() } : null,
  };
}

/** The socket answer to `pvp_state`: the running battle, the queue place, or nothing. */
export async function currentStateMessage(ctx: AppContext, rooms: RoomHost, userId: number): Promise<ServerMessage> {
  const views = await rooms.viewFor(userId);
  if (views) return stateMessage(views);
  const mine = await seat(ctx, userId);
  if (!mine) return { type: 'queue_left' };
  const position = await positionOf(ctx, mine);
  return { type: 'queue_joined', position, estimatedWait: estimatedWaitSeconds(ctx.clock.now().getTime() - mine.joinedAt.getTime()) };
}

/**
 * `GET /api/pvp/live`: the running battles anyone may watch, newest first. The turn is the room's
 * own when this instance runs the battle, else the last snapshot's (written behind the moves).
 */
export async function liveBattles(ctx: AppContext, localTurn: (battleId: number) => number | undefined): Promise<LiveBattleView[]> {
  const rows = await runningBattles(ctx);
  if (rows.length === 0) return [];
  const characterIds = [...new Set(rows.flatMap((r) => [r.player1CharacterId, r.player2CharacterId ?? 0]))].filter((id) => id > 0);
  const looks = new Map(
    (await ctx.db.select({ id: characters.id, avatar: characters.characterAvatar, imageSet: characters.imageSet }).from(characters).where(inArray(characters.id, characterIds))).map((c) => [c.id, c]),
  );
  const userIds = [...new Set(rows.flatMap((r) => [r.player1UserId, r.player2UserId ?? 0]))].filter((id) => id > 0);
  const names = new Map((await ctx.db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, userIds))).map((u) => [u.id, u.username]));
  return rows.map((row) => {
    const fighter = (side: 0 | 1) => {
      const f = side === 0 ? row.fighter1 : row.fighter2;
      const characterId = side === 0 ? row.player1CharacterId : row.player2CharacterId;
      const userId = side === 0 ? row.player1UserId : row.player2UserId;
      const look = characterId ? looks.get(characterId) : undefined;
      return {
        username: row.ghost && side === 1 ? f.name : (names.get(userId ?? 0) ?? ''),
        name: f.name,
        class: f.class,
        level: f.level,
        rating: Math.round(side === 0 ? row.rating1 : row.rating2),
        characterAvatar: look?.avatar ?? 'warrior1',
        imageSet: look?.imageSet ?? 'default',
      };
    };
    return { battleId: row.id, variant: row.variant, fighters: [fighter(0), fighter(1)], turn: localTurn(row.id) ?? row.turnCount, startedAt: row.createdAt.toISOString() };
  });
}
