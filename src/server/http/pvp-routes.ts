import type { FastifyInstance } from 'fastify';
import { joinQueueBody, makeMoveBody } from '@common/pvp';
import type { Matcher } from '../realtime/pvp-matcher';
import type { PvpRooms } from '../realtime/pvp-rooms';
import { liveBattles, queueStatus } from '../realtime/pvp-status';
import { leaveQueue } from '../services/pvp-queue';
import type { HttpContext } from './context';
import { parse } from './errors';
import { userOf } from './session';

/**
 * PvP of the queue page (SPEC §7): status, join/leave, moves and forfeit (events go out on the
 * socket), the ghost offered to a lonely player, and the running battles anyone may watch.
 */
export function registerPvpRoutes(app: FastifyInstance, { ctx, requireUser }: HttpContext, rooms: PvpRooms, matcher: Matcher): void {
  const guarded = { preHandler: requireUser };

  app.get('/api/pvp/queue-status', guarded, async (request) => queueStatus(ctx, rooms, userOf(request).id));

  app.post('/api/pvp/join-queue', guarded, async (request) => {
    const { characterId, arena } = parse(joinQueueBody, request.body ?? {});
    const userId = userOf(request).id;
    await matcher.join({ userId, characterId, variant: 'queue', arena: arena ?? null });
    // Answer after a matching pass that saw this player, so a waiting opponent means a battle now.
    await matcher.run();
    return queueStatus(ctx, rooms, userId);
  });

  app.post('/api/pvp/leave-queue', guarded, async (request) => {
    const left = await leaveQueue(ctx, userOf(request).id);
    return { success: true, left };
  });

  app.post('/api/pvp/make-move', guarded, async (request) => {
    const { move } = parse(makeMoveBody, request.body ?? {});
    return rooms.act(userOf(request).id, move);
  });

  app.post('/api/pvp/forfeit', guarded, async (request) => rooms.act(userOf(request).id, 'forfeit'));

  app.post('/api/pvp/ghost', guarded, async (request) => {
    const userId = userOf(request).id;
    await matcher.acceptGhost(userId);
    return queueStatus(ctx, rooms, userId);
  });

  app.get('/api/pvp/live', guarded, async () => liveBattles(ctx));
}
