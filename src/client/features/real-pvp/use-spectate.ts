import { useCallback, useEffect, useState } from 'react';
import type { ServerMessage } from '@common/ws-messages';
import { useCurrentUser } from '@client/lib/use-auth';
import { useGameSocket } from '@client/lib/ws-client';
import { pvpReducer } from '@client/entities/pvp/pvp-reducer';
import { initialWatchState } from '@client/entities/pvp/pvp-state';

/** Watches battle `battleId` over the game socket, asking again after every reconnection. */
export function useSpectate(battleId: number) {
  const { user } = useCurrentUser();
  const myId = user?.id ?? -1;
  const [state, setState] = useState(() => initialWatchState(battleId));
  const onMessage = useCallback((message: ServerMessage) => setState((s) => pvpReducer(s, message, { now: Date.now(), me: myId })), [myId]);
  const socket = useGameSocket({ enabled: !!user, auth: user ? { userId: user.id, username: user.username } : undefined, onMessage });
  const { send } = socket;
  const online = socket.status === 'online';
  useEffect(() => {
    if (online) send({ type: 'pvp_spectate', battleId });
  }, [online, send, battleId]);
  const stop = useCallback(() => send({ type: 'pvp_unspectate', battleId }), [send, battleId]);
  return { state, socket, stop };
}
