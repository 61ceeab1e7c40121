import { useCallback, useEffect, useReducer } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { PvpMove } from '@common/pvp';
import type { ServerMessage } from '@common/ws-messages';
import { errorMessage } from '@client/lib/api';
import { api } from '@client/lib/endpoints';
import { useAction } from '@client/lib/use-action';
import { USER_QUERY_KEY, useCurrentUser } from '@client/lib/use-auth';
import { useGameSocket } from '@client/lib/ws-client';
import { toast } from '@client/ui';
import { characterKeys } from '@client/entities/character/character-keys';
import { queueReducer } from '@client/entities/pvp/pvp-actions';
import { initialQueueState } from '@client/entities/pvp/pvp-state';
import { QUEUE_STATUS_KEY, queueStatusQuery } from '@client/entities/pvp/queue-status';
import { joinErrorTitle } from './join-error';

/** How long the victory/defeat banner stays before the battle clears. */
const ENDED_CLEAR_MS = 5000;

/**
 * The queue variant's state (SPEC §4): the queue status (polled every 2 s while searching, else
 * 5 s), the socket's battle messages, and the player's actions: join, leave, take a ghost, move,
 * forfeit. After a battle ends the characters and credits are read again; the battle clears 5 s later.
 */
export function usePvpQueue({ enabled }: { enabled: boolean }) {
  const queryClient = useQueryClient();
  const { user } = useCurrentUser();
  const [state, dispatch] = useReducer(queueReducer, initialQueueState);
  const statusQuery = useQuery({
    ...queueStatusQuery,
    enabled,
    refetchInterval: state.phase === 'searching' ? 2000 : 5000,
  });
  useEffect(() => {
    if (statusQuery.data !== undefined) dispatch({ type: 'status', status: statusQuery.data });
  }, [statusQuery.data, statusQuery.dataUpdatedAt]);

  const myId = user?.id ?? -1;
  const onMessage = useCallback((message: ServerMessage) => dispatch({ type: 'message', message, at: { now: Date.now(), me: myId } }), [myId]);
  const socket = useGameSocket({ enabled: !!user && enabled, auth: user ? { userId: user.id, username: user.username } : undefined, onMessage });

  const endedId = state.ended?.battleId ?? null;
  useEffect(() => {
    if (endedId === null) return;
    for (const queryKey of [characterKeys.all, USER_QUERY_KEY, QUEUE_STATUS_KEY]) void queryClient.invalidateQueries({ queryKey });
    const timer = window.setTimeout(() => dispatch({ type: 'clear' }), ENDED_CLEAR_MS);
    return () => window.clearTimeout(timer);
  }, [endedId, queryClient]);

  const refreshStatus = () => void queryClient.invalidateQueries({ queryKey: QUEUE_STATUS_KEY });
  const failed = (title: string) => (err: Error) => toast({ title, description: errorMessage(err), variant: 'destructive' });
  const join = useAction({
    mutationFn: (characterId: number) => api.pvp.joinQueue({ body: { characterId } }),
    onMutate: () => dispatch({ type: 'join_started' }),
    onSuccess: (data) => {
      dispatch({ type: 'join_succeeded' });
      dispatch({ type: 'battle', battle: data.battle });
      refreshStatus();
    },
    onError: (err) => {
      dispatch({ type: 'join_failed' });
      failed(joinErrorTitle(errorMessage(err)))(err);
    },
  });
  const leave = useAction({
    mutationFn: () => api.pvp.leaveQueue(),
    onSuccess: () => {
      dispatch({ type: 'left_queue' });
      refreshStatus();
    },
    onError: failed('Queue Failed'),
  });
  const ghost = useAction({
    mutationFn: () => api.pvp.ghost(),
    onSuccess: (data) => dispatch({ type: 'battle', battle: data.battle }),
    onError: failed('Queue Failed'),
  });
  const move = useAction({
    mutationFn: (m: PvpMove) => api.pvp.makeMove({ body: { move: m } }),
    onSuccess: (battle) => dispatch({ type: 'battle', battle }),
    onError: failed('Action Failed'),
  });
  const forfeit = useAction({
    mutationFn: () => api.pvp.forfeit(),
    onSuccess: refreshStatus,
    onError: failed('Forfeit Failed'),
  });

  return { user, myId, state, status: statusQuery.data ?? null, statusQuery, socket, join, leave, ghost, move, forfeit };
}
