import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import * as pvp from '../services/pvp';
import type { Gateway } from './gateway';
import type { MatchRunner } from './pvp-matcher';

/** The real-time PvP page on the socket (SPEC §7): join, leave, attack or forfeit, and `pvp_state`. */
export function registerPvpHandlers(app: FastifyInstance, gateway: Gateway, matcher: MatchRunner): void {
  const { clock } = matcher;
  const send: pvp.Send = (userId, message) => gateway.sendToUser(userId, message);
  const notify = (db: Db, changes: pvp.BattleChange[]) =>
    pvp.notifyAll(db, send, changes).catch((err: unknown) => app.log.warn({ err }, 'pvp notification failed'));

  gateway.handle('pvp_join_queue', async ({ db, conn }, message) => {
    const joined = await matcher.admit(async () => {
      const state = await pvp.currentStateMessage(db, conn.user.id);
      // Already fighting: the join answers with the running battle instead.
      if (state.type === 'battle_started' || state.type === 'battle_turn') return state;
      return pvp.joinQueue(db, conn.user.id, message.characterId, 'realtime', clock());
    });
    if ('type' in joined) {
      conn.send(joined);
      return;
    }
    // queue_joined first: the match that may follow sends battle_found (SPEC §4 order).
    conn.send({ type: 'queue_joined', position: joined.position, estimatedWait: joined.estimatedWait });
    await matcher.run();
  });

  gateway.handle('pvp_leave_queue', async ({ db, conn }) => {
    await pvp.leaveQueue(db, conn.user.id);
    conn.send({ type: 'queue_left' });
  });

  gateway.handle('pvp_action', async ({ db, conn }, message) => {
    const change =
      message.action === 'forfeit'
        ? await pvp.forfeit(db, conn.user.id, { ...clock(), battleId: message.battleId })
        : await pvp.makeMove(db, conn.user.id, 'attack', { ...clock(), battleId: message.battleId });
    await notify(db, [change]);
  });

  gateway.handle('pvp_state', async ({ db, conn }) => {
    conn.send(await pvp.currentStateMessage(db, conn.user.id));
  });
}
