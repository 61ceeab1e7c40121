import type { FastifyInstance } from 'fastify';
import { pvpRoutes } from '@common/api/pvp';
import type { PvpActions } from '../pvp/actions';
import type { HttpContext } from './context';
import { serve } from './contract';
import { userOf } from './session';

/**
 * PvP of the queue page (SPEC §7): status, join/leave, moves and forfeit (events go out on the
 * socket), the ghost offered to a lonely player, and the running battles anyone may watch; the
 * same actions as the real-time page's socket messages (pvp/actions.ts).
 */
export function registerPvpRoutes(app: FastifyInstance, http: HttpContext, pvp: PvpActions): void {
  serve(app, http, pvpRoutes.queueStatus, async (_, request) => pvp.status(userOf(request).id));

  serve(app, http, pvpRoutes.joinQueue, async ({ body }, request) => {
    const userId = userOf(request).id;
    await pvp.join(userId, body.characterId, 'queue', body.arena ?? null);
    // Answer after a matching pass that saw this player, so a waiting opponent means a battle now.
    await pvp.match();
    return pvp.status(userId);
  });

  serve(app, http, pvpRoutes.leaveQueue, async (_, request) => ({ success: true as const, left: await pvp.leave(userOf(request).id) }));

  serve(app, http, pvpRoutes.makeMove, async ({ body }, request) => {
    const move = body.move === 'skill' ? { type: 'skill' as const, skillId: body.skillId! } : body.move;
    return (await pvp.move(userOf(request).id, move))!;
  });

  serve(app, http, pvpRoutes.forfeit, async (_, request) => (await pvp.move(userOf(request).id, 'forfeit'))!);

  serve(app, http, pvpRoutes.ghost, async (_, request) => {
    const userId = userOf(request).id;
    await pvp.acceptGhost(userId);
    return pvp.status(userId);
  });

  serve(app, http, pvpRoutes.live, async () => pvp.live());
}
