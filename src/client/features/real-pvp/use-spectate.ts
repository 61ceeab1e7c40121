import { useCallback, useEffect, useState } from 'react';
import type { ServerMessage } from '@common/ws-messages';
import { useCurrentUser } from '@client/lib/use-auth';
import { useGameSocket } from '@client/lib/ws-client';
import { initialSpectate, spectateReducer } from './spectate-state';

/** Watches battle `battleId` over the game socket, asking again after every reconnection. */
export function useSpectate(battleId: number) {
  const { user } = useCurrentUser();
  const [state, setState] = useState(initialSpectate);
  const onMessage = useCallback((message: ServerMessage) => setState((s) => spectateReducer(s, battleId, message)), [battleId]);
  const socket = useGameSocket({ enabled: !!user, auth: user ? { userId: user.id, username: user.username } : undefined, onMessage });
  const { send } = socket;
  const online = socket.status === 'online';
  useEffect(() => {
    if (online) send({ type: 'pvp_spectate', battleId });
  }, [online, send, battleId]);
  const stop = useCallback(() => send({ type: 'pvp_unspectate', battleId }), [send, battleId]);
  return { state, socket, stop };
}
