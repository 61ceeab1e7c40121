import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { ArrowDown, ChevronsUp, RotateCcw, Terminal, Zap } from 'lucide-react';
import type { ChatMessageView } from '@common/chat';
import { cn } from '@client/lib/cn';
import { Button } from '@client/ui';
import {
  CHAT_EMPTY_TEXT,
  avatarColor,
  buildTimeline,
  formatClock,
  formatDay,
  messageText,
  type ChatTimelineItem,
} from './chat-model';

/** How close to the bottom (px) still counts as reading the newest messages. */
const STICK_TO_BOTTOM_PX = 48;

function exactTime(time: number): string {
  return new Date(time).toLocaleString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
}

function NameTile({ username }: { username: string }) {
  const color = avatarColor(username);
  return (
    <span
      aria-hidden
      className="mt-0.5 grid size-9 shrink-0 place-items-center border-2 bg-void font-pixel text-pixel-xs uppercase shadow-hard-sm"
      style={{ borderColor: color, color }}
    >
      {username.slice(0, 1)}
    </span>
  );
}

function DayDivider({ time }: { time: number }) {
  return (
    <li className="flex items-center gap-3 py-2" aria-hidden>
      <span className="h-0.5 flex-1 border-t-2 border-dashed border-edge" />
      <span className="font-pixel text-pixel-2xs text-ink-dim uppercase">{formatDay(time)}</span>
      <span className="h-0.5 flex-1 border-t-2 border-dashed border-edge" />
    </li>
  );
}

function SystemRow({ message, time }: { message: ChatMessageView; time: number }) {
  return (
    <li
      data-testid="chat-message"
      data-user={message.username}
      data-type="system"
      data-message-id={message.id}
      className="flex justify-center px-1 py-1.5"
    >
      <div className="relative max-w-[min(36rem,100%)] border-2 border-dashed border-neon-magenta bg-neon-magenta/10 px-4 py-2 text-center shadow-[3px_3px_0_0_rgb(34_228_255/0.45)]">
        <p className="flex items-center justify-center gap-2 font-pixel text-pixel-2xs uppercase">
          <span className="inline-flex items-center gap-1 bg-neon-magenta px-1.5 py-1 leading-none text-void">
            <Zap aria-hidden className="size-2.5" />
            System
          </span>
          <time dateTime={message.createdAt} title={exactTime(time)} className="text-ink-dim">
            {formatClock(time)}
          </time>
        </p>
        <p className="mt-1.5 text-lg break-words whitespace-pre-wrap text-neon-lime [text-shadow:1.5px_0_rgb(255_43_214/0.55),-1.5px_0_rgb(34_228_255/0.45)]">
          {messageText(message)}
        </p>
      </div>
    </li>
  );
}

function GroupRow({ group, mine }: { group: Extract<ChatTimelineItem, { kind: 'group' }>; mine: boolean }) {
  return (
    <li
      className={cn(
        'flex gap-3 border-l-4 px-2 py-2 sm:px-3',
        mine ? 'border-neon-cyan bg-neon-cyan/[0.07]' : 'border-transparent hover:bg-panel-2/60',
      )}
      data-testid="chat-group"
      data-user={group.username}
    >
      <NameTile username={group.username} />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
          <span
            className={cn('max-w-full truncate font-pixel text-pixel-xs', mine ? 'text-neon-cyan' : 'text-ink')}
            data-testid="chat-author"
          >
            {group.username}
          </span>
          {mine ? (
            <span className="border border-neon-cyan px-1 py-0.5 font-pixel text-[7px] leading-none text-neon-cyan uppercase">You</span>
          ) : null}
          <time dateTime={group.messages[0]?.createdAt} title={exactTime(group.time)} className="text-base text-ink-dim">
            {formatClock(group.time)}
          </time>
        </p>
        <ul className="m-0 mt-0.5 list-none p-0">
          {group.messages.map((m) => (
            <li
              key={m.id}
              data-testid="chat-message"
              data-user={m.username}
              data-type="player"
              data-message-id={m.id}
              data-own={mine ? 'true' : undefined}
              className="py-px text-lg break-words whitespace-pre-wrap text-ink"
            >
              {messageText(m)}
            </li>
          ))}
        </ul>
      </div>
    </li>
  );
}

function LoadingRows() {
  return (
    <ul aria-hidden className="m-0 flex list-none flex-col gap-4 p-3" data-testid="chat-loading">
      {[0.7, 0.45, 0.85, 0.3, 0.6, 0.5, 0.75, 0.4, 0.65].map((w, i) => (
        <li key={i} className="flex gap-3">
          <span className="size-9 shrink-0 bg-panel-3 motion-safe:animate-pulse" />
          <span className="flex flex-1 flex-col gap-2 pt-1">
            <span className="h-3 w-28 bg-panel-3 motion-safe:animate-pulse" />
            <span className="h-4 bg-panel-2 motion-safe:animate-pulse" style={{ width: `${w * 100}%` }} />
          </span>
        </li>
      ))}
    </ul>
  );
}

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

/**
 * The chat log, oldest at the top. It follows the newest message while the player is at the
 * bottom; when they have scrolled up, new messages raise a 'New messages' button instead.
 */
export function MessageList({
  messages,
  currentUserId,
  loading,
  error,
  onRetry,
  hasOlder,
  loadingOlder,
  onLoadOlder,
  className,
}: MessageListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const seen = useRef<{ first?: number; last?: number; height: number }>({ height: 0 });
  const [unseen, setUnseen] = useState(false);
  const timeline = useMemo(() => buildTimeline(messages ?? []), [messages]);

  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const first = messages?.[0]?.id;
    const newest = messages?.[messages.length - 1];
    const last = newest?.id;
    const prev = seen.current;
    if (prev.last === undefined) {
      el.scrollTop = el.scrollHeight;
    } else if (last === prev.last && first !== prev.first) {
      // Older messages came in above: keep the same messages in view.
      el.scrollTop += el.scrollHeight - prev.height;
    } else if (last !== prev.last) {
      const mine = newest != null && currentUserId !== null && newest.userId === currentUserId;
      if (atBottom.current || mine) {
        el.scrollTop = el.scrollHeight;
        atBottom.current = true;
        setUnseen(false);
      } else {
        setUnseen(true);
      }
    }
    seen.current = { first, last, height: el.scrollHeight };
  }, [messages, currentUserId]);

  function onScroll() {
    const el = scrollRef.current;
    if (!el) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight <= STICK_TO_BOTTOM_PX;
    seen.current.height = el.scrollHeight;
    if (atBottom.current && unseen) setUnseen(false);
  }

  function jumpToNewest() {
    const el = scrollRef.current;
    if (!el) return;
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    el.scrollTo({ top: el.scrollHeight, behavior: reduce ? 'auto' : 'smooth' });
    atBottom.current = true;
    setUnseen(false);
    el.focus({ preventScroll: true });
  }

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

        {error ? (
          <div role="alert" data-testid="chat-error" className="flex h-full flex-col items-center justify-center gap-4 px-4 text-center">
            <p className="text-lg text-[#ff8a95]">{error}</p>
            <Button variant="secondary" size="sm" onClick={onRetry}>
              <RotateCcw aria-hidden />
              Try Again
            </Button>
          </div>
        ) : null}

        {empty ? (
          <div data-testid="chat-empty" className="flex h-full flex-col items-center justify-center gap-4 px-6 text-center">
            <span aria-hidden className="grid size-16 place-items-center border-2 border-dashed border-neon-magenta bg-panel-2 text-neon-magenta">
              <Terminal className="size-7" />
            </span>
            <p className="font-pixel text-pixel-xs leading-relaxed text-ink">{CHAT_EMPTY_TEXT}</p>
            <p className="text-base text-ink-dim">Messages appear here live for everyone in the arena.</p>
          </div>
        ) : null}

        {messages && messages.length > 0 ? (
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
        ) : null}
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
