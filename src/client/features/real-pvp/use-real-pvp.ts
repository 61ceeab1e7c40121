import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ArenaId } from '@common/arenas';
import type { ServerMessage } from '@common/ws-messages';
import { USER_QUERY_KEY, useCurrentUser } from '@client/lib/use-auth';
import { useGameSocket } from '@client/lib/ws-client';
import { toast } from '@client/ui';
import { characterKeys } from '@client/entities/character/character-keys';
import { duelReducer } from '@client/entities/pvp/pvp-actions';
import { duelTurnSeconds } from '@client/entities/pvp/pvp-selectors';
import { initialDuelState } from '@client/entities/pvp/pvp-state';
import { queueStatusQuery } from '@client/entities/pvp/queue-status';
import { useAutoForfeit } from './use-auto-forfeit';

/**
 * The real-time duel's state (SPEC §4): the socket and its messages, the player's actions (find,
 * cancel, take a ghost, attack, use a learned skill, forfeit), where the player stands after every reconnection, and
 * the characters and credits read again once a duel ends.
 */
export function useRealPvp({ enabled, characterId, arena }: { enabled: boolean; characterId: number | null; arena: ArenaId | null }) {
  const queryClient = useQueryClient();
  const { user } = useCurrentUser();
  const myId = user?.id ?? -1;
  const [state, dispatch] = useReducer(duelReducer, initialDuelState);

  const onMessage = useCallback(
    (message: ServerMessage) => {
      if (message.type === 'error') toast({ title: 'PvP Error', description: message.message || 'Something went wrong', variant: 'destructive' });
      dispatch({ type: 'message', message, at: { now: Date.now(), me: myId } });
    },
    [myId],
  );
  const socketWanted = !!user && enabled;
  const socket = useGameSocket({ enabled: socketWanted, auth: user ? { userId: user.id, username: user.username } : undefined, onMessage });
  const { send } = socket;
  // SPEC §7: the queue status every 5 s on this page too; it says how long a turn is.
  const status = useQuery({
    ...queueStatusQuery,
    enabled: socketWanted,
    refetchInterval: 5000,
  });

  // A search this page did not start counts from when it began (the status says how long ago):
  // applied once the page knows it is searching, which after a reload may be after the status
  // answered (the socket's pvp_state comes on its own time), not only at the next status.
  const queueTime = status.data?.inQueue ? status.data.queueTime : null;
  const answeredAt = status.dataUpdatedAt;
  const searching = state.phase === 'searching';
  useEffect(() => {
    if (queueTime !== null && searching) dispatch({ type: 'waited', queueTime, at: answeredAt });
  }, [queueTime, answeredAt, searching]);

  // On every (re)connection, ask the server where this player stands: queue place or running duel.
  const online = socket.status === 'online';
  useEffect(() => {
    if (online) send({ type: 'pvp_state' });
  }, [online, send]);

  // 'Connection Error' once per drop (not while the page has no socket yet); it reconnects by itself.
  const dropShown = useRef(false);
  useEffect(() => {
    if (socket.status === 'online') dropShown.current = false;
    if (socketWanted && socket.status === 'disconnected' && !dropShown.current) {
      dropShown.current = true;
      toast({ title: 'Connection Error', description: 'Lost connection to game server', variant: 'destructive' });
    }
  }, [socket.status, socketWanted]);

  const ended = state.phase === 'completed';
  useEffect(() => {
    if (!ended) return;
    void queryClient.invalidateQueries({ queryKey: characterKeys.all });
    void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
  }, [ended, queryClient]);

  const battleId = state.battle?.battleId ?? null;
  const act = useCallback((action: 'attack' | 'forfeit') => battleId !== null && send({ type: 'pvp_action', battleId, action }), [battleId, send]);
  const sendSkill = useCallback((skillId: number) => battleId !== null && send({ type: 'pvp_action', battleId, action: 'skill', actionData: { skillId } }), [battleId, send]);
  const seconds = useAutoForfeit(state, () => act('forfeit'));

  return {
    state,
    myId,
    socket,
    online,
    seconds,
    turnSeconds: duelTurnSeconds(state, status.data),
    /** The player's own challenge waiting for its answer, as the status last said; `refreshStatus` asks again. */
    challenge: status.data?.challenge ?? null,
    refreshStatus: status.refetch,
    find: () => {
      if (characterId !== null && send({ type: 'pvp_join_queue', characterId, ...(arena ? { arena } : {}) })) dispatch({ type: 'join_sent' });
    },
    cancel: () => {
      send({ type: 'pvp_leave_queue' });
      dispatch({ type: 'leave_sent' });
    },
    acceptGhost: () => send({ type: 'pvp_accept_ghost' }),
    attack: () => act('attack'),
    skill: (skillId: number) => sendSkill(skillId),
    forfeit: () => act('forfeit'),
    reset: () => dispatch({ type: 'reset' }),
  };
}
