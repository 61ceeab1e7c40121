import type { ArenaId } from '@common/arenas';
import type { LiveBattleView, PvpBattleView, PvpVariant, QueueStatusView, SpectatorView } from '@common/pvp';
import type { ServerMessage } from '@common/ws-messages';
import type { AppContext } from '../context';
import type { RoomHost } from './host/room-host';
import type { Matcher } from './matcher';
import type { PvpStore } from './ports';
import type { PlayerMove } from './room/battle-room';
import { stateMessage } from './room/protocol';
import { currentStateMessage, liveBattles, queueStatus } from './status';
import type { JoinedSeat } from './storage/queue';

/**
 * What a player can do in PvP, once for both ways in (SPEC §7): the queue page calls these over
 * HTTP (http/pvp-routes.ts), the real-time page over the socket (pvp/socket.ts).
 */
export interface PvpActions {
  /** Takes a seat in the queue (refused with the rule it breaks, `AlreadyFighting` when fighting). */
  join(userId: number, characterId: number, variant: PvpVariant, arena: ArenaId | null): Promise<JoinedSeat>;
  /** Resolves once a matching pass that started now has paired whom it could and told them. */
  match(): Promise<void>;
  /** The player's running battle when this instance runs it (no I/O). */
  localState(userId: number): ServerMessage | null;
  leave(userId: number, variant?: PvpVariant): Promise<boolean>;
  /** A move or forfeit; answers the queue page's view after it (or null when `view` is false). */
  move(userId: number, move: PlayerMove, battleId?: number, view?: boolean): Promise<PvpBattleView | null>;
  /** The queue page's status: place, counts, running battle, ghost offered. */
  status(userId: number): Promise<QueueStatusView>;
  /** The socket's answer to `pvp_state`: the running battle, the queue place, or nothing. */
  state(userId: number): Promise<ServerMessage>;
  acceptGhost(userId: number): Promise<void>;
  spectate(userId: number, battleId: number, on: boolean): Promise<SpectatorView | null>;
  live(): Promise<LiveBattleView[]>;
}

export function pvpActions(ctx: AppContext, store: PvpStore, host: RoomHost, matcher: Matcher): PvpActions {
  return {
    join: (userId, characterId, variant, arena) => matcher.join({ userId, characterId, variant, arena }),
    match: () => matcher.run(),
    localState: (userId) => {
      const local = host.localViews(userId);
      return local ? stateMessage(local) : null;
    },
    leave: (userId, variant) => store.leave(userId, variant),
    move: (userId, move, battleId, view = true) => host.act(userId, move, battleId, { view }),
    status: (userId) => queueStatus(ctx, host, userId),
    state: (userId) => currentStateMessage(ctx, host, userId),
    acceptGhost: (userId) => matcher.acceptGhost(userId),
    spectate: (userId, battleId, on) => host.spectate(userId, battleId, on),
    live: () => liveBattles(ctx, (battleId) => host.turnOf(battleId)),
  };
}
