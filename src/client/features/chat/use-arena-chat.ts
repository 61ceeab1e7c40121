import { useMutation } from '@tanstack/react-query';
import type { PublicUser } from '@common/auth';
import { api } from '@client/lib/endpoints';
import { useChatHistory } from './use-chat-history';
import { useChatLink } from './use-chat-link';

/**
 * The arena chat's data: the cached history (polled, plus whatever the socket pushes), the
 * socket's state, sending and loading older messages.
 */
export function useArenaChat(user: PublicUser | null) {
  const history = useChatHistory(user !== null);
  const { mergeIntoCache } = history;
  const link = useChatLink(user, mergeIntoCache);
  const { sendOverSocket } = link;

  const sendMutation = useMutation({
    mutationFn: async (text: string) => {
      if ((await sendOverSocket(text)) === 'delivered') return;
      mergeIntoCache([await api.chat.post({ body: { message: text } })]);
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
