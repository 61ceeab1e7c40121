import { CHAT_HISTORY_SIZE } from '@common/chat-limits';
import type { ChatMessageView } from '@common/chat';
import { CHAT_MESSAGE_MAX } from '@common/constants';
import { hasVisibleText } from '@common/text';

/** Arena chat rules of the screen (SPEC §2 Arena chat, §5, §9). */

/** Consecutive messages of one player within this window share one header. */
export const CHAT_GROUP_WINDOW_MS = 60_000;
/** `GET /api/chat/messages` is polled this often as a fallback for the socket. */
export const CHAT_POLL_MS = 5000;
/** A message sent over the socket counts as lost when its echo has not come back by then. */
export const CHAT_ECHO_TIMEOUT_MS = 5000;
/** The most messages the screen keeps in memory (the newest ones). */
export const CHAT_CACHE_MAX = 1000;
export const CHAT_SEND_FAILED = 'Failed to send message. Please try again.';
export const CHAT_EMPTY_TEXT = 'No messages yet. Say hi to the arena!';

/** True for a value shaped like a chat message of the server. */
export function isChatMessageView(value: unknown): value is ChatMessageView {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.id === 'number' &&
    typeof v.username === 'string' &&
    (typeof v.message === 'string' || typeof v.text === 'string') &&
    typeof v.createdAt === 'string'
  );
}

/** The text of a message, whichever of `message` / `text` carries it. */
export function messageText(m: Pick<ChatMessageView, 'message' | 'text'>): string {
  return m.message || m.text || '';
}

/**
 * Both lists merged: one entry per id (the incoming copy wins), sorted by id, oldest first,
 * keeping at most `max` of the newest.
 */
export function mergeMessages(
  current: readonly ChatMessageView[] | undefined,
  incoming: readonly ChatMessageView[],
  max = CHAT_CACHE_MAX,
): ChatMessageView[] {
  const byId = new Map<number, ChatMessageView>();
  for (const m of current ?? []) byId.set(m.id, m);
  let changed = false;
  for (const m of incoming) {
    const prev = byId.get(m.id);
    if (prev !== m) changed = true;
    byId.set(m.id, m);
  }
  if (!changed && current && current.length <= max) return current as ChatMessageView[];
  const merged = [...byId.values()].sort((a, b) => a.id - b.id);
  return merged.length > max ? merged.slice(merged.length - max) : merged;
}

/** True when an older page of `before=` answered fewer than a full page: nothing older is left. */
export function isLastPage(pageSize: number, limit = CHAT_HISTORY_SIZE): boolean {
  return pageSize < limit;
}

function timeOf(m: ChatMessageView): number {
  const t = Date.parse(m.createdAt);
  return Number.isNaN(t) ? 0 : t;
}

/** A local calendar day key (yyyy-mm-dd) of a time. */
export function dayKey(time: number): string {
  const d = new Date(time);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

export type ChatTimelineItem =
  | { kind: 'day'; key: string; time: number }
  | { kind: 'system'; key: string; message: ChatMessageView; time: number }
  | {
      kind: 'group';
      key: string;
      userId: number | null;
      username: string;
      /** Time of the first message: the header's time. */
      time: number;
      messages: ChatMessageView[];
    };

/**
 * The list as the screen draws it: a day divider where the calendar day changes, system
 * messages on their own, and consecutive messages of one player grouped while they fall within
 * `windowMs` of the group's first message.
 */
export function buildTimeline(messages: readonly ChatMessageView[], windowMs = CHAT_GROUP_WINDOW_MS): ChatTimelineItem[] {
  const items: ChatTimelineItem[] = [];
  let day: string | null = null;
  let group: Extract<ChatTimelineItem, { kind: 'group' }> | null = null;

  for (const m of messages) {
    const time = timeOf(m);
    const key = dayKey(time);
    if (key !== day) {
      day = key;
      group = null;
      items.push({ kind: 'day', key: `day-${key}`, time });
    }
    if (m.type === 'system') {
      group = null;
      items.push({ kind: 'system', key: `m-${m.id}`, message: m, time });
      continue;
    }
    const sameAuthor =
      group !== null &&
      (m.userId !== null ? group.userId === m.userId : group.userId === null && group.username === m.username);
    if (group && sameAuthor && time - group.time <= windowMs && time >= group.time) {
      group.messages.push(m);
      continue;
    }
    group = { kind: 'group', key: `g-${m.id}`, userId: m.userId, username: m.username, time, messages: [m] };
    items.push(group);
  }
  return items;
}

export type DraftCheck = { ok: true; text: string } | { ok: false; reason: 'empty' | 'tooLong' };

/**
 * SPEC §5: a message is trimmed, non-empty and at most 500 characters. Empty as the server counts
 * it: nothing visible (spaces, or blank-looking characters such as the Hangul filler) cannot be
 * sent, so Send stays off instead of failing.
 */
export function checkDraft(draft: string, max = CHAT_MESSAGE_MAX): DraftCheck {
  const text = draft.trim();
  if (!text || !hasVisibleText(text)) return { ok: false, reason: 'empty' };
  if (text.length > max) return { ok: false, reason: 'tooLong' };
  return { ok: true, text };
}

/** A fresh id that ties a socket message to its echo (at most 64 characters). */
export function newClientId(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  return `c-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

const TIME_FORMAT: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' };

/** The clock time of a message, as '09:41 PM'. */
export function formatClock(time: number): string {
  return new Date(time).toLocaleTimeString('en-US', TIME_FORMAT);
}

/** 'Today', 'Yesterday' or 'Mon, Jan 6' for a day divider. */
export function formatDay(time: number, now = Date.now()): string {
  const key = dayKey(time);
  if (key === dayKey(now)) return 'Today';
  const yesterday = new Date(now);
  yesterday.setDate(yesterday.getDate() - 1);
  if (key === dayKey(yesterday.getTime())) return 'Yesterday';
  const sameYear = new Date(time).getFullYear() === new Date(now).getFullYear();
  return new Date(time).toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    ...(sameYear ? {} : { year: 'numeric' }),
  });
}

const AVATAR_COLORS = ['#22e4ff', '#ff2bd6', '#a3ff12', '#ffd23f', '#ff8a3d', '#9d7bff', '#3dffb5', '#ff5f7e'] as const;

/** A stable accent colour for a player's name tile. */
export function avatarColor(username: string): string {
  let hash = 0;
  for (let i = 0; i < username.length; i += 1) hash = (hash * 31 + username.charCodeAt(i)) >>> 0;
  return AVATAR_COLORS[hash % AVATAR_COLORS.length]!;
}
