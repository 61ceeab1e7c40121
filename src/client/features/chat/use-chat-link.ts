import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { PublicUser } from '@common/auth';
import type { ChatMessageView } from '@common/chat';
import type { ServerMessage } from '@common/ws-messages';
import { chatKeys } from '@client/entities/chat/chat-keys';
import { playSound } from '@client/lib/sound';
import { useGameSocket } from '@client/lib/ws-client';
import { CHAT_ECHO_TIMEOUT_MS, isChatMessageView, newClientId } from './chat-model';

/** Whether the socket echoed a sent message, or it must go over HTTP. */
export type EchoResult = 'delivered' | 'fallback';
type PendingSend = (result: EchoResult) => void;

/**
 * The chat's live link: messages pushed by the socket go into the history (with a chime for
 * what others say), and `sendOverSocket` sends one and answers whether its echo came back in
 * time. Back online, the history is read again; gone, waiting sends fall back to HTTP.
 */
export function useChatLink(user: PublicUser | null, mergeIntoCache: (incoming: ChatMessageView[]) => void) {
  const queryClient = useQueryClient();
  const userId = user?.id ?? null;

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
      } else if (message.type === 'chat_deleted') {
        // A moderator deleted it: it leaves the log at once.
        queryClient.setQueryData<ChatMessageView[]>(chatKeys.messages, (current) => current?.filter((m) => m.id !== message.id));
      } else if (message.type === 'error') {
        // The socket refused a message (rate limit, validation...): let HTTP try and report.
        const clientId = (message as { clientId?: unknown }).clientId;
        const target = typeof clientId === 'string' ? pending.current.get(clientId) : undefined;
        if (target) target('fallback');
        else settleAll('fallback');
      }
    },
    [mergeIntoCache, queryClient, settleAll, userId],
  );

  const socket = useGameSocket({
    enabled: user !== null,
    auth: user ? { userId: user.id, username: user.username } : undefined,
    onMessage,
  });
  const { status, send, reconnect } = socket;

  // Back online: catch up on what was said meanwhile. Gone: waiting sends go over HTTP.
  useEffect(() => {
    if (status === 'online') {
      if (queryClient.getQueryData(chatKeys.messages)) void queryClient.invalidateQueries({ queryKey: chatKeys.messages });
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

  return { status, settled: socket.settled, reconnect, sendOverSocket };
}
