import { useEffect, useState, useSyncExternalStore } from 'react';
import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { PublicUser } from '@common/auth';
import type { NotificationList, NotificationView } from '@common/notifications';
import { api } from '@client/lib/endpoints';
import { playSoundLater } from '@client/lib/sound-later';
import { tabSockets } from '@client/lib/tab-sockets';
import { USER_QUERY_KEY } from '@client/lib/use-auth';
import { useGameSocket } from '@client/lib/ws-client';
import { characterKeys } from '@client/entities/character/character-keys';
import { listingKeys } from '@client/entities/listing/listing-keys';
import { notificationKeys } from '@client/entities/notification/notification-keys';
import { withArrival, withArrivals, withRead } from './notification-rules';

type Pages = InfiniteData<NotificationList, string | null>;

/**
 * The notifications pushed to this tab, newest last (the last PUSHED_KEPT): a first page read
 * while one arrives takes it in (withArrivals).
 */
const pushed: { seq: number; view: NotificationView }[] = [];
const PUSHED_KEPT = 50;
let pushedSoFar = 0;

/** How long the bell waits, with no screen socket open, before it opens its own (a screen may be opening one). */
const OWN_SOCKET_AFTER_MS = 800;

/**
 * The player's notifications: the pages read, the unread count, and what arrives live on any
 * socket of the tab (the bell opens its own only while no screen holds one). A sale refreshes the
 * seller's credits and characters at once.
 */
export function useNotifications(user: PublicUser | null) {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery({
    queryKey: notificationKeys.all,
    queryFn: async ({ pageParam, signal }) => {
      if (pageParam) return api.notifications.list({ query: { cursor: pageParam } }, { signal });
      // What is pushed while the first page is read joins the answer, which replaces the bell's list.
      const since = pushedSoFar;
      const page = await api.notifications.list({ query: {} }, { signal });
      return withArrivals(page, pushed.filter((p) => p.seq >= since).map((p) => p.view));
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: user !== null,
  });

  useEffect(() => {
    if (!user) return;
    return tabSockets.listen((message) => {
      if (message.type !== 'notification') return;
      const arrived: NotificationView = message.notification;
      pushed.push({ seq: pushedSoFar++, view: arrived });
      if (pushed.length > PUSHED_KEPT) pushed.splice(0, pushed.length - PUSHED_KEPT);
      queryClient.setQueryData<Pages>(notificationKeys.all, (data) =>
        data ? { ...data, pages: data.pages.map((page, i) => (i === 0 ? withArrival(page, arrived) : page)) } : data,
      );
      playSoundLater('notification');
      // A mute's end is on the player (the chat says until when before a message is refused).
      if (arrived.kind === 'muted') void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
      if (arrived.kind === 'listing_sold') {
        void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
        void queryClient.invalidateQueries({ queryKey: characterKeys.all });
        void queryClient.invalidateQueries({ queryKey: listingKeys.all });
      }
    });
  }, [user, queryClient]);

  // Live delivery when no screen of the tab holds a socket.
  const screenSockets = useSyncExternalStore(tabSockets.subscribeScreenSockets, tabSockets.screenSockets);
  const [ownWanted, setOwnWanted] = useState(false);
  useEffect(() => {
    if (!user || screenSockets > 0) {
      setOwnWanted(false);
      return;
    }
    const timer = setTimeout(() => setOwnWanted(true), OWN_SOCKET_AFTER_MS);
    return () => clearTimeout(timer);
  }, [user, screenSockets]);
  const own = useGameSocket({ enabled: ownWanted && user !== null, screen: false, auth: user ? { userId: user.id, username: user.username } : undefined, onMessage: () => undefined });
  const ownOnline = ownWanted && own.status === 'online';
  // What was pushed while no socket of the tab was online (the bell's own handing over to a
  // screen's, a reconnection) is read again once one is.
  useEffect(() => {
    if (!user) return;
    return tabSockets.onResumed(() => void queryClient.invalidateQueries({ queryKey: notificationKeys.all }));
  }, [user, queryClient]);

  // Marking read is not an action of 'Repeating an action': a repeat changes nothing.
  const markRead = useMutation({
    mutationFn: (ids: readonly number[] | 'all') => api.notifications.read({ body: ids === 'all' ? { all: true } : { ids: [...ids] } }),
    onSuccess: (answer, ids) => {
      const at = new Date().toISOString();
      queryClient.setQueryData<Pages>(notificationKeys.all, (data) =>
        data ? { ...data, pages: data.pages.map((page) => withRead(page, ids, at, answer.unread)!) } : data,
      );
    },
  });

  const pages = query.data?.pages ?? [];
  return {
    notifications: pages.flatMap((p) => p.notifications),
    unread: pages[0]?.unread ?? 0,
    /** A socket of the tab will hear of new ones (a screen's, or the bell's own). */
    live: screenSockets > 0 || ownOnline,
    isLoading: query.isLoading,
    isError: query.isError,
    hasMore: query.hasNextPage,
    loadMore: () => void query.fetchNextPage(),
    loadingMore: query.isFetchingNextPage,
    markRead: (ids: readonly number[] | 'all') => markRead.mutate(ids),
  };
}
