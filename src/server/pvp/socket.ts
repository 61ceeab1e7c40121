import { skillActionData } from '@common/duel';
import type { Gateway } from '../realtime/gateway';
import type { PvpActions } from './actions';
import { estimatedWaitSeconds } from '../domain/matchmaking';
import type { PlayerMove } from './room/battle-room';
import { AlreadyFighting } from './storage/queue';

/** The move a `pvp_action` asks for (its schema checked that a skill names one). */
function playerMove(action: 'attack' | 'forfeit' | 'skill', actionData: unknown): PlayerMove {
  if (action !== 'skill') return action;
  return { type: 'skill', skillId: skillActionData.parse(actionData).skillId };
}

/**
 * PvP on the socket (SPEC §7, the real-time page): join and leave the queue, attack or forfeit,
 * `pvp_state` after a reconnect, take a ghost, and watch battles, through the same actions as
 * the queue page's HTTP routes.
 */
export function registerPvpSocket(gateway: Gateway, pvp: PvpActions): void {
  gateway.handle('pvp_join_queue', async ({ conn }, message) => {
    // Already fighting: the join answers with the running battle instead. A battle of this
    // instance is known without asking anyone; one elsewhere makes the join itself refuse.
    const local = pvp.localState(conn.user.id);
    if (local) {
      conn.send(local);
      return;
    }
    let position: number;
    try {
      ({ position } = await pvp.join(conn.user.id, message.characterId, 'realtime', message.arena ?? null));
    } catch (err) {
      if (!(err instanceof AlreadyFighting)) throw err;
      const state = await pvp.state(conn.user.id);
      conn.send(state.type === 'queue_left' ? { type: 'error', message: err.message } : state);
      return;
    }
    // queue_joined first: the match that may follow sends battle_found (SPEC §4 order).
    conn.send({ type: 'queue_joined', position, estimatedWait: estimatedWaitSeconds(0) });
    await pvp.match();
  });

  gateway.handle('pvp_leave_queue', async ({ conn }) => {
    await pvp.leave(conn.user.id);
    conn.send({ type: 'queue_left' });
  });

  gateway.handle('pvp_action', async ({ conn }, message) => {
    await pvp.move(conn.user.id, playerMove(message.action, message.actionData), message.battleId, false);
  });

  gateway.handle('pvp_state', async ({ conn }) => {
    conn.send(await pvp.state(conn.user.id));
  });

  gateway.handle('pvp_accept_ghost', async ({ conn }) => {
    await pvp.acceptGhost(conn.user.id);
  });

  gateway.handle('pvp_spectate', async ({ conn }, message) => {
    const battle = await pvp.spectate(conn.user.id, message.battleId, true);
    if (battle) conn.send({ type: 'spectate_started', battle });
  });

  gateway.handle('pvp_unspectate', async ({ conn }, message) => {
    await pvp.spectate(conn.user.id, message.battleId, false);
  });

  // A player whose last socket closed (on every instance) is not left waiting in either queue, so
  // nobody is matched against an empty chair: the queue page's player too, whose tab is gone.
  gateway.onUserOffline(async (userId) => {
    await pvp.leave(userId);
  });
}
