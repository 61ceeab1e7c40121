import type { FastifyInstance } from 'fastify';
import { joinQueueBody, makeMoveBody, type PvpBattleView } from '@common/pvp';
import * as pvp from '../services/pvp';
import type { MatchRunner } from '../realtime/pvp-matcher';
import type { HttpContext } from './context';
import { parse } from './errors';
import { userOf } from './session';

/** PvP queue variant (SPEC §7): status, join/leave the queue, moves and forfeit; events go out on the socket. */
export function registerPvpRoutes(app: FastifyInstance, { db, requireUser }: HttpContext, matcher: MatchRunner): void {
  const guarded = { preHandler: requireUser };
  const { clock } = matcher;
  const send: pvp.Send = (userId, message) => app.gateway.sendToUser(userId, message);
  /** Tells both players; answers with the battle's view, read once for the players and the answer. */
  const notifyAndView = async (change: pvp.BattleChange) => {
    const views = await pvp.notifyAll(db, send, [change]).catch((err: unknown) => {
      app.log.warn({ err }, 'pvp notification failed');
      return new Map<number, PvpBattleView>();
    });
    return views.get(change.battle.id) ?? pvp.battleView(db, change.battle);
  };

  app.get('/api/pvp/queue-status', guarded, async (request) => pvp.queueStatus(db, userOf(request).id));

  app.post('/api/pvp/join-queue', guarded, async (request) => {
    const { characterId } = parse(joinQueueBody, request.body ?? {});
    const userId = userOf(request).id;
    await matcher.admit(() => pvp.joinQueue(db, userId, characterId, 'queue', clock()));
    // Answer after a matching pass that saw this player, so a waiting opponent means a battle now.
    await matcher.run();
    return pvp.queueStatus(db, userId);
  });

  app.post('/api/pvp/leave-queue', guarded, async (request) => {
    const left = await pvp.leaveQueue(db, userOf(request).id);
    return { success: true, left };
  });

  app.post('/api/pvp/make-move', guarded, async (request) => {
    const { move } = parse(makeMoveBody, request.body ?? {});
    return notifyAndView(await pvp.makeMove(db, userOf(request).id, move, clock()));
  });

  app.post('/api/pvp/forfeit', guarded, async (request) => {
    return notifyAndView(await pvp.forfeit(db, userOf(request).id, clock()));
  });
}
