import { useCallback, useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient, type QueryFunctionContext } from '@tanstack/react-query';
import type { PublicUser } from '@common/auth';
import { CHAT_HISTORY_SIZE, type ChatMessageView } from '@common/chat';
import type { ServerMessage } from '@common/ws-messages';
import { apiRequest, getQueryFn } from '@client/lib/api';
import { playSound } from '@client/lib/sound';
import { useGameSocket } from '@client/lib/ws-client';
import {
  CHAT_ECHO_TIMEOUT_MS,
  CHAT_POLL_MS,
  historyItems,
  isChatMessageView,
  isLastPage,
  mergeMessages,
  newClientId,
} from './chat-model';

/** `GET /api/chat/messages`: the latest messages, oldest first, polled every 5 s. */
export const CHAT_QUERY_KEY = ['/api/chat/messages'] as const;
const CHAT_URL = '/api/chat/messages';

type EchoResult = 'delivered' | 'fallback';
type PendingSend = (result: EchoResult) => void;

const fetchLatest = getQueryFn<unknown>({ on401: 'throw' });

/**
 * The arena chat's data: the cached history (polled, plus whatever the socket pushes), the
 * socket's state, sending and loading older messages.
 */
export function useArenaChat(user: PublicUser | null) {
  const queryClient = useQueryClient();
  const [startReached, setStartReached] = useState(false);
  const userId = user?.id ?? null;

  const mergeIntoCache = useCallback(
    (incoming: ChatMessageView[]) => {
      if (incoming.length === 0) return;
      queryClient.setQueryData<ChatMessageView[]>(CHAT_QUERY_KEY, (current) => mergeMessages(current, incoming));
    },
    [queryClient],
  );

  const query = useQuery<ChatMessageView[]>({
    queryKey: CHAT_QUERY_KEY,
    queryFn: async (ctx: QueryFunctionContext) => {
      const latest = historyItems(await fetchLatest(ctx));
      // A latest page that is not full holds the whole history.
      if (isLastPage(latest.length)) setStartReached(true);
      // Keep older pages and messages the socket delivered: the poll only adds.
      return mergeMessages(queryClient.getQueryData<ChatMessageView[]>(CHAT_QUERY_KEY), latest);
    },
    refetchInterval: CHAT_POLL_MS,
    enabled: user !== null,
  });

  // Sends waiting for their echo, by clientId.
  const pending = useRef(new Map<string, PendingSend>());
  const settleAll = useCallback((result: EchoResult) => {
    for (const done of [...pending.current.values()]) done(result);
  }, []);

  const onMessage = useCallback(
    (message: ServerMessage) => {
      if (message.type === 'chat_message') {
        if (isChatMessageView(message.message)) {
          mergeIntoCache([message.message]);
          // A chime for what others say; the player's own echo stays quiet.
          if (message.message.type === 'player' && message.message.userId !== userId) playSound('notification');
        }
        if (message.clientId) pending.current.get(message.clientId)?.('delivered');
      } else if (message.type === 'error') {
        // The socket refused a message (rate limit, validation...): let HTTP try and report.
        const clientId = (message as { clientId?: unknown }).clientId;
        const target = typeof clientId === 'string' ? pending.current.get(clientId) : undefined;
        if (target) target('fallback');
        else settleAll('fallback');
      }
    },
    [mergeIntoCache, settleAll, userId],
  );

  const socket = useGameSocket({
    enabled: user !== null,
    auth: user ? { userId: user.id, username: user.username } : undefined,
    onMessage,
  });
  const { status, send } = socket;

  // Back online: catch up on what was said meanwhile. Gone: waiting sends go over HTTP.
  useEffect(() => {
    if (status === 'online') {
      if (queryClient.getQueryData(CHAT_QUERY_KEY)) void queryClient.invalidateQueries({ queryKey: CHAT_QUERY_KEY });
    } else {
      settleAll('fallback');
    }
  }, [status, queryClient, settleAll]);

  const sendOverSocket = useCallback(
    (text: string): Promise<EchoResult> =>
      new Promise((resolve) => {
        const clientId = newClientId();
        const done: PendingSend = (result) => {
          clearTimeout(timer);
          pending.current.delete(clientId);
          resolve(result);
        };
        const timer = setTimeout(() => done('fallback'), CHAT_ECHO_TIMEOUT_MS);
        pending.current.set(clientId, done);
        const sent = send({
          type: 'chat_message',
          userId: user?.id,
          username: user?.username,
          text,
          timestamp: new Date().toISOString(),
          clientId,
        });
        if (!sent) done('fallback');
      }),
    [send, user],
  );

  const sendMutation = useMutation({
    mutationFn: async (text: string) => {
      if ((await sendOverSocket(text)) === 'delivered') return;
      const reply = await apiRequest<unknown>('POST', CHAT_URL, { message: text });
      const created = isChatMessageView(reply)
        ? reply
        : reply && typeof reply === 'object' && isChatMessageView((reply as { message?: unknown }).message)
          ? (reply as { message: ChatMessageView }).message
          : null;
      if (created) mergeIntoCache([created]);
      else void queryClient.invalidateQueries({ queryKey: CHAT_QUERY_KEY });
    },
  });

  const olderMutation = useMutation({
    mutationFn: async (beforeId: number) => {
      const reply = await apiRequest<unknown>('GET', `${CHAT_URL}?before=${beforeId}&limit=${CHAT_HISTORY_SIZE}`);
      return historyItems(reply);
    },
    onSuccess: (older) => {
      if (isLastPage(older.length)) setStartReached(true);
      mergeIntoCache(older);
    },
  });

  const messages = query.data;
  return {
    query,
    messages,
    status,
    statusSettled: socket.settled,
    sendMutation,
    olderMutation,
    hasOlder: !startReached && (messages?.length ?? 0) > 0,
  };
}
