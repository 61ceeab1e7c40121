import { useCallback, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Hash, MessageSquare, Radio, ShieldCheck } from 'lucide-react';
import { CHAT_RATE_LIMIT } from '@common/chat';
import { CHAT_MESSAGE_MAX } from '@common/constants';
import { AuthRequired } from '@client/app/auth-required';
import { errorMessage, errorStatus, isUnauthorized } from '@client/lib/api';
import { cn } from '@client/lib/cn';
import { useCurrentUser } from '@client/lib/use-auth';
import { Card, CardContent, CardHeader, CardTitle, PageHeader, toast } from '@client/ui';
import { ChatComposer } from './chat-composer';
import { CHAT_SEND_FAILED, avatarColor } from './chat-model';
import { ConnectionIndicator } from './connection-indicator';
import { MessageList } from './message-list';
import { useArenaChat } from './use-arena-chat';

/** Phones: the chat panel fills the viewport below the bars, never shorter than this. */
const PHONE_QUERY = '(max-width: 639.98px)';
const PHONE_MIN_PANEL_PX = 380;
const PAGE_BOTTOM_GAP_PX = 24;

/** On phones, the panel's height that reaches from its top to the bottom of the viewport. */
function usePhoneFillHeight() {
  const ref = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState<number | null>(null);

  useLayoutEffect(() => {
    const media = window.matchMedia(PHONE_QUERY);
    function measure() {
      const el = ref.current;
      if (!el || !media.matches) {
        setHeight(null);
        return;
      }
      const top = el.getBoundingClientRect().top + window.scrollY;
      const viewport = window.visualViewport?.height ?? window.innerHeight;
      setHeight(Math.max(PHONE_MIN_PANEL_PX, Math.floor(viewport - top - PAGE_BOTTOM_GAP_PX)));
    }
    measure();
    window.addEventListener('resize', measure);
    media.addEventListener('change', measure);
    return () => {
      window.removeEventListener('resize', measure);
      media.removeEventListener('change', measure);
    };
  }, []);

  return { ref, height };
}

function Rule({ children }: { children: ReactNode }) {
  return (
    <li className="flex gap-2">
      <span aria-hidden className="mt-2 size-1.5 shrink-0 bg-neon-magenta" />
      <span>{children}</span>
    </li>
  );
}

/** Arena Chat (SPEC §2): the live chat of every player in the arena. */
export function ChatPage() {
  const { user } = useCurrentUser();
  const chat = useArenaChat(user);
  const [draft, setDraft] = useState('');
  const panel = usePhoneFillHeight();
  const { sendMutation, olderMutation, query, messages } = chat;

  const send = useCallback(
    (text: string) => {
      sendMutation.mutate(text, {
        onSuccess: () => setDraft((current) => (current.trim() === text ? '' : current)),
        onError: (err) => {
          const status = errorStatus(err);
          toast({
            title: CHAT_SEND_FAILED,
            description: status === 429 || status === 400 ? errorMessage(err) : undefined,
            variant: 'destructive',
          });
        },
      });
    },
    [sendMutation],
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

  if ((query.isError && isUnauthorized(query.error)) || (olderMutation.isError && isUnauthorized(olderMutation.error))) {
    return <AuthRequired message="You need to be logged in to chat in the arena" />;
  }

  const loadError = query.isError && !messages ? 'Failed to load messages. Please try again.' : null;
  const online = chat.status === 'online';

  return (
    <>
      <PageHeader
        title="Arena Chat"
        subtitle={<span className="hidden sm:inline">Talk with every player in the arena</span>}
        icon={<MessageSquare />}
        className="mb-4 pb-3 sm:mb-6 sm:pb-4"
      />

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem] lg:items-start">
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
            error={loadError}
            onRetry={() => void query.refetch()}
            hasOlder={chat.hasOlder}
            loadingOlder={olderMutation.isPending}
            onLoadOlder={loadOlder}
          />

          <ChatComposer
            className="border-t-4 border-edge bg-panel-2 px-3 pt-3 pb-3 sm:px-4"
            value={draft}
            onChange={setDraft}
            onSend={send}
            sending={sendMutation.isPending}
            focusOnMount
            status={<ConnectionIndicator status={chat.status} settled={chat.statusSettled} />}
          />
        </Card>

        <aside className="flex flex-col gap-6" aria-label="About the arena chat">
          <Card accent="magenta">
            <CardHeader className="pb-2">
              <CardTitle>Your Callsign</CardTitle>
            </CardHeader>
            <CardContent className="flex items-center gap-3">
              {user ? (
                <>
                  <span
                    aria-hidden
                    className="grid size-11 shrink-0 place-items-center border-2 bg-void font-pixel text-pixel-sm uppercase shadow-hard-sm"
                    style={{ borderColor: avatarColor(user.username), color: avatarColor(user.username) }}
                  >
                    {user.username.slice(0, 1)}
                  </span>
                  <div className="min-w-0">
                    <p className="truncate font-pixel text-pixel-xs text-neon-cyan">{user.username}</p>
                    <p className="text-base text-ink-dim">Your messages glow cyan.</p>
                  </div>
                </>
              ) : null}
            </CardContent>
          </Card>

          <Card>
            <CardHeader className="pb-2">
              <CardTitle className="flex items-center gap-2">
                <Radio aria-hidden className="size-4 text-neon-lime" />
                Link
              </CardTitle>
            </CardHeader>
            <CardContent className="flex flex-col gap-2 text-base text-ink-muted">
              <p data-testid="chat-delivery">
                {online ? (
                  <>
                    <span className="text-neon-lime">Live link up.</span> Messages arrive the moment they are sent.
                  </>
                ) : (
                  <>
                    <span className="text-[#ff8a95]">Live link down.</span> Retrying every 3 s. The chat still
                    refreshes every 5 s and your messages still go through.
                  </>
                )}
              </p>
            </CardContent>
          </Card>

          <Card>
            <CardHeader className="pb-2">
              <CardTitle className="flex items-center gap-2">
                <ShieldCheck aria-hidden className="size-4 text-gold" />
                Arena Rules
              </CardTitle>
            </CardHeader>
            <CardContent>
              <ul className={cn('m-0 flex list-none flex-col gap-2 p-0 text-base text-ink-muted')}>
                <Rule>Up to {CHAT_MESSAGE_MAX} characters per message.</Rule>
                <Rule>
                  At most {CHAT_RATE_LIMIT.messages} messages every {CHAT_RATE_LIMIT.windowMs / 1000} seconds.
                </Rule>
                <Rule>Level-ups, PvP wins, legendary forges and new guilds are announced by the system.</Rule>
                <Rule>Trash talk in the ring, respect in the chat.</Rule>
              </ul>
            </CardContent>
          </Card>
        </aside>
      </div>
    </>
  );
}
