import { useCallback, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CHAT_HISTORY_SIZE } from '@common/chat-limits';
import type { ChatMessageView } from '@common/chat';
import { chatKeys } from '@client/entities/chat/chat-keys';
import { api } from '@client/lib/endpoints';
import { CHAT_POLL_MS, isLastPage, mergeMessages } from './chat-model';

/**
 * The cached chat history: the latest page polled every 5 s, older pages on demand, and
 * `mergeIntoCache` for what arrives otherwise (the socket, a sent message). Nothing is dropped:
 * every source only adds.
 */
export function useChatHistory(enabled: boolean) {
  const queryClient = useQueryClient();
  const [startReached, setStartReached] = useState(false);

  const mergeIntoCache = useCallback(
    (incoming: ChatMessageView[]) => {
      if (incoming.length === 0) return;
      queryClient.setQueryData<ChatMessageView[]>(chatKeys.messages, (current) => mergeMessages(current, incoming));
    },
    [queryClient],
  );

  const query = useQuery<ChatMessageView[]>({
    queryKey: chatKeys.messages,
    queryFn: async ({ signal }) => {
      const latest = await api.chat.history({}, { signal });
      // A latest page that is not full holds the whole history.
      if (isLastPage(latest.length)) setStartReached(true);
      // Keep older pages and messages the socket delivered: the poll only adds.
      return mergeMessages(queryClient.getQueryData<ChatMessageView[]>(chatKeys.messages), latest);
    },
    refetchInterval: CHAT_POLL_MS,
    enabled,
  });

  const olderMutation = useMutation({
    mutationFn: (beforeId: number) => api.chat.history({ query: { before: beforeId, limit: CHAT_HISTORY_SIZE } }),
    onSuccess: (older) => {
      if (isLastPage(older.length)) setStartReached(true);
      mergeIntoCache(older);
    },
  });

  const messages = query.data;
  return { query, messages, mergeIntoCache, olderMutation, hasOlder: !startReached && (messages?.length ?? 0) > 0 };
}
