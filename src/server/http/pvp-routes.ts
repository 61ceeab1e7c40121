import type { FastifyInstance } from 'fastify';
import { pvpRoutes } from '@common/api/pvp';
import type { Matcher } from '../realtime/pvp-matcher';
import type { PvpRooms } from '../realtime/pvp-rooms';
import { liveBattles, queueStatus } from '../realtime/pvp-status';
import { leaveQueue } from '../services/pvp-queue';
import type { HttpContext } from './context';
import { serve } from './contract';
import { userOf } from './session';

/**
 * PvP of the queue page (SPEC §7): status, join/leave, moves and forfeit (events go out on the
 * socket), the ghost offered to a lonely player, and the running battles anyone may watch.
 */
export function registerPvpRoutes(app: FastifyInstance, http: HttpContext, rooms: PvpRooms, matcher: Matcher): void {
  const { ctx } = http;

  serve(app, http, pvpRoutes.queueStatus, async (_, request) => queueStatus(ctx, rooms, userOf(request).id));

  serve(app, http, pvpRoutes.joinQueue, async ({ body }, request) => {
    const userId = userOf(request).id;
    await matcher.join({ userId, characterId: body.characterId, variant: 'queue', arena: body.arena ?? null });
    // Answer after a matching pass that saw this player, so a waiting opponent means a battle now.
    await matcher.run();
    return queueStatus(ctx, rooms, userId);
  });

  serve(app, http, pvpRoutes.leaveQueue, async (_, request) => {
    const left = await leaveQueue(ctx, userOf(request).id);
    return { success: true as const, left };
  });

  serve(app, http, pvpRoutes.makeMove, async ({ body }, request) => rooms.act(userOf(request).id, body.move));

  serve(app, http, pvpRoutes.forfeit, async (_, request) => rooms.act(userOf(request).id, 'forfeit'));

  serve(app, http, pvpRoutes.ghost, async (_, request) => {
    const userId = userOf(request).id;
    await matcher.acceptGhost(userId);
    return queueStatus(ctx, rooms, userId);
  });

  serve(app, http, pvpRoutes.live, async () => liveBattles(ctx));
}
