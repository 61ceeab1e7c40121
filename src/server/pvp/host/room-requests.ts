import type { Log } from '../../context';
import { AppError } from '../../errors';
import type { RoomReply, RoomRequest } from '../ports';
import { RoomLost, type BattleRoom } from '../room/battle-room';
import { battleView, roomViews } from '../room/protocol';

/**
 * Answers a request for a room of this instance that came over the bus (from another instance,
 * or from this one while the room was being taken over): a move, a view, or watching.
 */
export async function answerRequest(room: BattleRoom, request: RoomRequest, fromElsewhere: boolean, log: Log): Promise<RoomReply> {
  // Whoever reaches us through the bus has sockets elsewhere: tell them through it from now on.
  if (fromElsewhere) room.remote.add(request.userId);
  try {
    if (request.kind === 'act') {
      await room.move(request.userId, request.move);
      return { ok: true, result: request.view ? battleView(room) : null };
    }
    if (request.kind === 'view') return { ok: true, result: roomViews(room, request.userId) };
    return { ok: true, result: await room.watch(request.userId, request.on) };
  } catch (err) {
    if (err instanceof AppError) return { ok: false, status: err.status, message: err.message };
    if (err instanceof RoomLost) return { ok: false, status: 409, message: err.message };
    log.error({ err, battleId: room.id }, 'forwarded pvp request failed');
    return { ok: false, status: 409, message: 'Something went wrong. Please try again.' };
  }
}
