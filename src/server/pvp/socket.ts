import type { AppContext } from '../context';
import { AlreadyFighting, leaveQueue } from '../services/pvp-queue';
import type { Gateway } from './gateway';
import type { Matcher } from './pvp-matcher';
import type { PvpRooms } from './pvp-rooms';
import { ESTIMATED_WAIT_PER_POSITION_S, currentStateMessage, stateMessage } from './pvp-status';

/**
 * PvP on the socket (SPEC §7): join and leave the queue, attack or forfeit (the real-time page),
 * `pvp_state` after a reconnect, take a ghost, and watch battles.
 */
export function registerPvpHandlers(ctx: AppContext, gateway: Gateway, rooms: PvpRooms, matcher: Matcher): void {
  gateway.handle('pvp_join_queue', async ({ conn }, message) => {
    // Already fighting: the join answers with the running battle instead. A battle of this
    // instance is known without asking anyone; one elsewhere makes the join itself refuse.
    const local = rooms.localViews(conn.user.id);
    if (local) {
      conn.send(stateMessage(local));
      return;
    }
    let position: number;
    try {
      ({ position } = await matcher.join({ userId: conn.user.id, characterId: message.characterId, variant: 'realtime', arena: message.arena ?? null }));
    } catch (err) {
      if (!(err instanceof AlreadyFighting)) throw err;
      const state = await currentStateMessage(ctx, rooms, conn.user.id);
      conn.send(state.type === 'queue_left' ? { type: 'error', message: err.message } : state);
      return;
    }
    // queue_joined first: the match that may follow sends battle_found (SPEC §4 order).
    conn.send({ type: 'queue_joined', position, estimatedWait: position * ESTIMATED_WAIT_PER_POSITION_S });
    await matcher.run();
  });

  gateway.handle('pvp_leave_queue', async ({ conn }) => {
    await leaveQueue(ctx, conn.user.id);
    conn.send({ type: 'queue_left' });
  });

  gateway.handle('pvp_action', async ({ conn }, message) => {
    await rooms.act(conn.user.id, message.action, message.battleId, { view: false });
  });

  gateway.handle('pvp_state', async ({ conn }) => {
    conn.send(await currentStateMessage(ctx, rooms, conn.user.id));
  });

  gateway.handle('pvp_accept_ghost', async ({ conn }) => {
    await matcher.acceptGhost(conn.user.id);
  });

  gateway.handle('pvp_spectate', async ({ conn }, message) => {
    const battle = await rooms.spectate(conn.user.id, message.battleId, true);
    if (battle) conn.send({ type: 'spectate_started', battle });
  });

  gateway.handle('pvp_unspectate', async ({ conn }, message) => {
    await rooms.spectate(conn.user.id, message.battleId, false);
  });

  // A real-time player whose last socket closed (on every instance) is not left waiting in the
  // queue, so nobody is matched against an empty chair.
  gateway.onUserOffline(async (userId) => {
    await leaveQueue(ctx, userId, 'realtime');
  });
}
