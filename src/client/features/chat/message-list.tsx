import { useMemo } from 'react';
import { ArrowDown, ChevronsUp, RotateCcw, Terminal } from 'lucide-react';
import type { ChatMessageView } from '@common/chat';
import { cn } from '@client/lib/cn';
import { Button } from '@client/ui';
import { CHAT_EMPTY_TEXT, buildTimeline } from './chat-model';
import { DayDivider, GroupRow, LoadingRows, SystemRow } from './message-rows';
import { useChatScroll } from './use-chat-scroll';

export interface MessageListProps {
  messages: ChatMessageView[] | undefined;
  currentUserId: number | null;
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  className?: string;
}

function LoadError({ error, onRetry }: { error: string; onRetry: () => void }) {
  return (
    <div role="alert" data-testid="chat-error" className="flex h-full flex-col items-center justify-center gap-4 px-4 text-center">
      <p className="text-lg text-[#ff8a95]">{error}</p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        <RotateCcw aria-hidden />
        Try Again
      </Button>
    </div>
  );
}

function EmptyChat() {
  return (
    <div data-testid="chat-empty" className="flex h-full flex-col items-center justify-center gap-4 px-6 text-center">
      <span aria-hidden className="grid size-16 place-items-center border-2 border-dashed border-neon-magenta bg-panel-2 text-neon-magenta">
        <Terminal className="size-7" />
      </span>
      <p className="font-pixel text-pixel-xs leading-relaxed text-ink">{CHAT_EMPTY_TEXT}</p>
      <p className="text-base text-ink-dim">Messages appear here live for everyone in the arena.</p>
    </div>
  );
}

type TimelineProps = Pick<MessageListProps, 'currentUserId' | 'hasOlder' | 'loadingOlder' | 'onLoadOlder'> & {
  messages: ChatMessageView[];
};

/** The messages by day and author, under 'Load older messages' or the start of the chat. */
function Timeline({ messages, currentUserId, hasOlder, loadingOlder, onLoadOlder }: TimelineProps) {
  const timeline = useMemo(() => buildTimeline(messages), [messages]);
  return (
    // Few messages sit at the bottom, next to the field, like in any chat.
    <div className="flex min-h-full flex-col justify-end">
      <div className="flex justify-center px-3 pt-3 pb-1">
        {hasOlder ? (
          <Button variant="ghost" size="sm" onClick={onLoadOlder} disabled={loadingOlder} data-testid="chat-load-older">
            <ChevronsUp aria-hidden />
            {loadingOlder ? 'Loading...' : 'Load older messages'}
          </Button>
        ) : (
          <p className="font-pixel text-pixel-2xs text-ink-dim uppercase" data-testid="chat-start">
            -- Start of the arena chat --
          </p>
        )}
      </div>
      <ol className="m-0 flex list-none flex-col gap-1 px-1.5 pb-3 sm:px-3">
        {timeline.map((item) =>
          item.kind === 'day' ? (
            <DayDivider key={item.key} time={item.time} />
          ) : item.kind === 'system' ? (
            <SystemRow key={item.key} message={item.message} time={item.time} />
          ) : (
            <GroupRow key={item.key} group={item} mine={currentUserId !== null && item.userId === currentUserId} />
          ),
        )}
      </ol>
    </div>
  );
}

/**
 * The chat log, oldest at the top. It follows the newest message while the player is at the
 * bottom; when they have scrolled up, new messages raise a 'New messages' button instead.
 */
export function MessageList(props: MessageListProps) {
  const { messages, currentUserId, loading, error, onRetry, loadingOlder, className } = props;
  const { scrollRef, onScroll, unseen, jumpToNewest } = useChatScroll(messages, currentUserId);
  const empty = !loading && !error && messages !== undefined && messages.length === 0;

  return (
    <div className={cn('relative min-h-0', className)}>
      <div
        ref={scrollRef}
        onScroll={onScroll}
        role="log"
        aria-label="Arena chat log"
        aria-busy={loading || loadingOlder}
        tabIndex={0}
        data-testid="chat-messages"
        className="chat-scroll h-full overflow-x-hidden overflow-y-auto overscroll-contain bg-void/70 [overflow-anchor:none] focus-visible:outline-offset-[-3px]"
      >
        {loading ? <LoadingRows /> : null}
        {error ? <LoadError error={error} onRetry={onRetry} /> : null}
        {empty ? <EmptyChat /> : null}
        {messages && messages.length > 0 ? <Timeline {...props} messages={messages} /> : null}
      </div>

      {unseen ? (
        <div className="pointer-events-none absolute inset-x-0 bottom-3 flex justify-center">
          <Button size="sm" className="pointer-events-auto shadow-hard-sm" onClick={jumpToNewest} data-testid="chat-new-messages">
            <ArrowDown aria-hidden />
            New messages
          </Button>
        </div>
      ) : null}
    </div>
  );
}
