import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Hash, MessageSquare } from 'lucide-react';
import type { PublicUser } from '@common/auth';
import { isMutedMessage } from '@common/moderation-rules';
import { AuthRequired } from '@client/entities/user/auth-required';
import { SocketReplacedNotice } from '@client/entities/user/socket-replaced';
import { userKeys } from '@client/entities/user/user-keys';
import { errorMessage, errorStatus, isUnauthorized } from '@client/lib/api';
import { useCurrentUser } from '@client/lib/use-auth';
import { Card, PageHeader, toast, useToastsAtTop } from '@client/ui';
import { ChatComposer } from './chat-composer';
import { CHAT_SEND_FAILED } from './chat-model';
import { ChatSidebar } from './chat-sidebar';
import { ConnectionIndicator } from './connection-indicator';
import { MessageList } from './message-list';
import { useArenaChat } from './use-arena-chat';
import { useMuteNotice } from './use-mute-notice';
import { usePhoneFillHeight } from './use-phone-fill-height';

type ArenaChat = ReturnType<typeof useArenaChat>;

/** Sending (the draft clears once its text went out) and loading older messages, with their toasts. */
function useChatActions({ sendMutation, olderMutation, messages }: ArenaChat, setDraft: (update: (current: string) => string) => void) {
  const queryClient = useQueryClient();
  const send = useCallback(
    (text: string) => {
      sendMutation.mutate(text, {
        onSuccess: () => setDraft((current) => (current.trim() === text ? '' : current)),
        onError: (err) => {
          const status = errorStatus(err);
          const muted = status === 403 && isMutedMessage(errorMessage(err));
          // Muted since the page read the player: read them again, so the field says until when.
          if (muted) void queryClient.invalidateQueries({ queryKey: userKeys.me });
          toast({
            // Retrying will not help a muted player: the title says so, the text until when.
            title: muted ? 'You are muted' : CHAT_SEND_FAILED,
            // Why, where retrying will not help: too fast, a bad message, or muted by a moderator (and until when).
            description: status === 429 || status === 400 || status === 403 ? errorMessage(err) : undefined,
            variant: 'destructive',
          });
        },
      });
    },
    [sendMutation, setDraft, queryClient],
  );

  const loadOlder = useCallback(() => {
    const oldest = messages?.[0];
    if (!oldest) return;
    olderMutation.mutate(oldest.id, {
      onError: (err) => {
        toast({ title: 'Failed to load older messages', description: errorMessage(err), variant: 'destructive' });
      },
    });
  }, [messages, olderMutation]);

  return { send, loadOlder };
}

/** The chat itself: channel bar, log, the notice of a link taken by another tab, and the field. */
function ChatPanel({ chat, user }: { chat: ArenaChat; user: PublicUser | null }) {
  const [draft, setDraft] = useState('');
  const panel = usePhoneFillHeight();
  const { send, loadOlder } = useChatActions(chat, setDraft);
  const { sendMutation, olderMutation, query, messages } = chat;
  const muted = useMuteNotice(user);

  return (
    <Card
      accent="cyan"
      ref={panel.ref}
      className="flex min-w-0 flex-col overflow-hidden sm:h-auto"
      style={panel.height !== null ? { height: panel.height } : undefined}
      data-testid="chat-panel"
    >
      <div className="flex items-center justify-between gap-3 border-b-4 border-edge bg-panel-2 px-3 py-2.5 sm:px-4">
        <h2 className="flex min-w-0 items-center gap-2 font-pixel text-pixel-xs text-ink">
          <Hash aria-hidden className="size-4 shrink-0 text-neon-magenta" />
          <span className="truncate">arena-global</span>
        </h2>
        <p className="font-pixel text-pixel-2xs text-ink-dim uppercase" data-testid="chat-count">
          {messages ? `${messages.length} ${messages.length === 1 ? 'message' : 'messages'}` : '...'}
        </p>
      </div>

      <MessageList
        className="flex-1 sm:h-[clamp(16rem,calc(100dvh-29rem),600px)] sm:flex-none"
        messages={messages}
        currentUserId={user?.id ?? null}
        loading={query.isPending && !query.isError}
        error={query.isError && !messages ? 'Failed to load messages. Please try again.' : null}
        onRetry={() => void query.refetch()}
        hasOlder={chat.hasOlder}
        loadingOlder={olderMutation.isPending}
        onLoadOlder={loadOlder}
      />

      {chat.status === 'replaced' ? <SocketReplacedNotice onReconnect={chat.reconnect} className="border-x-0 border-b-0" /> : null}
      <ChatComposer
        className="border-t-4 border-edge bg-panel-2 px-3 pt-3 pb-3 sm:px-4"
        value={draft}
        onChange={setDraft}
        onSend={send}
        sending={sendMutation.isPending}
        muted={muted}
        focusOnMount
        status={<ConnectionIndicator status={chat.status} settled={chat.statusSettled} />}
      />
    </Card>
  );
}

/** Arena Chat (SPEC §2): the live chat of every player in the arena. */
export function ChatPage() {
  const { user } = useCurrentUser();
  const chat = useArenaChat(user);
  const { query, olderMutation } = chat;
  // The field and Send sit at the bottom of the window: a 'slow down' toast must not cover them.
  useToastsAtTop();

  if ((query.isError && isUnauthorized(query.error)) || (olderMutation.isError && isUnauthorized(olderMutation.error))) {
    return <AuthRequired message="You need to be logged in to chat in the arena" />;
  }

  return (
    <>
      <PageHeader
        title="Arena Chat"
        subtitle={<span className="hidden sm:inline">Talk with every player in the arena</span>}
        icon={<MessageSquare />}
        className="mb-4 pb-3 sm:mb-6 sm:pb-4"
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem] lg:items-start">
        <ChatPanel chat={chat} user={user} />
        {/* The 5 s refresh failing means the server itself is not answering. */}
        <ChatSidebar user={user} status={chat.status} answering={!query.isError} />
      </div>
    </>
  );
}
