import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicUser } from '@common/auth';
import type { ChatMessageView } from '@common/chat';
import { chatKeys } from '@client/entities/chat/chat-keys';
import { apiRequest } from '@client/lib/api';
import { isChatMessageView } from './chat-model';
import { CHAT_URL, useChatHistory } from './use-chat-history';
import { useChatLink } from './use-chat-link';

/**
 * The arena chat's data: the cached history (polled, plus whatever the socket pushes), the
 * socket's state, sending and loading older messages.
 */
export function useArenaChat(user: PublicUser | null) {
  const queryClient = useQueryClient();
  const history = useChatHistory(user !== null);
  const { mergeIntoCache } = history;
  const link = useChatLink(user, mergeIntoCache);
  const { sendOverSocket } = link;

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
      else void queryClient.invalidateQueries({ queryKey: chatKeys.messages });
    },
  });

  return {
    query: history.query,
    messages: history.messages,
    status: link.status,
    statusSettled: link.settled,
    reconnect: link.reconnect,
    sendMutation,
    olderMutation: history.olderMutation,
    hasOlder: history.hasOlder,
  };
}
