import { Zap } from 'lucide-react';
import type { ChatMessageView } from '@common/chat';
import { cn } from '@client/lib/cn';
import { AuthorMenu } from './author-menu';
import { avatarColor, formatClock, formatDay, messageText, type ChatTimelineItem } from './chat-model';

/** The rows of the chat log: day dividers, system announcements, a player's run of messages. */

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

export function DayDivider({ time }: { time: number }) {
  return (
    <li className="flex items-center gap-3 py-2" aria-hidden>
      <span className="h-0.5 flex-1 border-t-2 border-dashed border-edge" />
      <span className="font-pixel text-pixel-2xs text-ink-dim uppercase">{formatDay(time)}</span>
      <span className="h-0.5 flex-1 border-t-2 border-dashed border-edge" />
    </li>
  );
}

export function SystemRow({ message, time }: { message: ChatMessageView; time: number }) {
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

export function GroupRow({ group, mine }: { group: Extract<ChatTimelineItem, { kind: 'group' }>; mine: boolean }) {
  const staffRole = group.messages.find((m) => m.authorRole)?.authorRole;
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
          {mine ? (
            <span className="max-w-full truncate font-pixel text-pixel-xs text-neon-cyan" data-testid="chat-author">
              {group.username}
            </span>
          ) : (
            // The name's menu: challenge its author, report the group's last message (quoted in the dialog), or block its author.
            <AuthorMenu username={group.username} reported={group.messages[group.messages.length - 1]!} />
          )}
          {staffRole ? (
            <span className="border border-neon-lime px-1 py-0.5 font-pixel text-[7px] leading-none text-neon-lime uppercase" data-testid="chat-moderator-badge">
              {staffRole === 'admin' ? 'Admin' : 'Mod'}
            </span>
          ) : null}
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

export function LoadingRows() {
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
