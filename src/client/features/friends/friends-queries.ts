import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { FriendsView } from '@common/friends';
import type { ServerMessage } from '@common/ws-messages';
import { errorMessage } from '@client/lib/api';
import { api } from '@client/lib/endpoints';
import { tabSockets } from '@client/lib/tab-sockets';
import { useAction } from '@client/lib/use-action';
import { toast } from '@client/ui';
import { friendKeys, friendsQuery } from '@client/entities/user/friends-read';

/** Reads and actions of the Friends screen (issue 25). */

/** Presence and battles change without the player doing anything: read again every 15 s. */
const FRIENDS_POLL_MS = 15_000;

/**
 * A request received or accepted changes the lists at once (its notification arrives live), and
 * so does one declined or withdrawn, or a friendship ended (`friends_changed`).
 */
export function changesFriends(message: ServerMessage): boolean {
  if (message.type === 'friends_changed') return true;
  return message.type === 'notification' && (message.notification.kind === 'friend_request' || message.notification.kind === 'friend_accepted');
}

export function useFriends() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      tabSockets.listen((message) => {
        // The lists only: an open card's facts do not change with them, and the card of a friend
        // just lost (a removal, a block) would be asked again for a 404.
        if (changesFriends(message)) void queryClient.invalidateQueries({ queryKey: friendKeys.all, exact: true });
      }),
    [queryClient],
  );
  return useQuery({ ...friendsQuery, refetchInterval: FRIENDS_POLL_MS });
}

export function useFriendCard(userId: number | null) {
  return useQuery({
    queryKey: friendKeys.card(userId ?? 0),
    queryFn: ({ signal }) => api.friends.card({ params: { id: userId! } }, { signal }),
    enabled: userId !== null,
  });
}

function useFriendAction<TVars, TResult>(run: (vars: TVars) => Promise<TResult>, success: (result: TResult, vars: TVars) => string, failure: string) {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: (vars: TVars) => run(vars),
    onSuccess: (result, vars) => {
      toast({ title: success(result, vars), variant: 'success' });
      const list = (result as { friends?: unknown }).friends ? (result as unknown as FriendsView) : null;
      if (list) queryClient.setQueryData(friendKeys.all, list);
    },
    onError: (err) => toast({ title: failure, description: errorMessage(err), variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: friendKeys.all }),
  });
}

export function useSendFriendRequest() {
  return useFriendAction(
    (username: string) => api.friends.request({ body: { username } }),
    (sent) => `Friend request sent to ${sent.username}`,
    'Request Failed',
  );
}

export function useAnswerFriendRequest() {
  return useFriendAction(
    async ({ id, accept }: { id: number; accept: boolean; username: string }): Promise<unknown> =>
      accept ? api.friends.accept({ params: { id } }) : api.friends.decline({ params: { id } }),
    (_, { accept, username }) => (accept ? `You and ${username} are now friends` : `Request from ${username} declined`),
    'Could Not Answer',
  );
}

export function useWithdrawFriendRequest() {
  return useFriendAction(
    ({ id }: { id: number; username: string }) => api.friends.decline({ params: { id } }),
    (_, { username }) => `Request to ${username} withdrawn`,
    'Could Not Withdraw',
  );
}

export function useRemoveFriend() {
  return useFriendAction(
    ({ userId }: { userId: number; username: string }) => api.friends.remove({ params: { id: userId } }),
    (_, { username }) => `${username} is no longer your friend`,
    'Could Not Remove',
  );
}
