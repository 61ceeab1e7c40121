import { postChatBody } from '@common/chat';
import { describe, expect, it } from 'vitest';
import type { ChatMessageView } from '@common/chat';
import {
  CHAT_GROUP_WINDOW_MS,
  avatarColor,
  buildTimeline,
  checkDraft,
  dayKey,
  formatDay,
  isChatMessageView,
  isLastPage,
  mergeMessages,
  messageText,
  newClientId,
} from './chat-model';

const BASE = new Date(2025, 4, 10, 12, 0, 0).getTime();

function msg(id: number, over: Partial<ChatMessageView> & { at?: number } = {}): ChatMessageView {
  const { at = 0, ...rest } = over;
  const text = rest.message ?? `message ${id}`;
  return {
    id,
    userId: 1,
    username: 'alice',
    message: text,
    text,
    type: 'player',
    createdAt: new Date(BASE + at).toISOString(),
    ...rest,
  };
}

describe('mergeMessages', () => {
  it('dedupes by id and sorts oldest first', () => {
    const merged = mergeMessages([msg(3), msg(1)], [msg(2), msg(3, { message: 'edited' }), msg(4)]);
    expect(merged.map((m) => m.id)).toEqual([1, 2, 3, 4]);
    expect(merged.find((m) => m.id === 3)?.message).toBe('edited');
  });

  it('starts from nothing', () => {
    expect(mergeMessages(undefined, [msg(5), msg(4)]).map((m) => m.id)).toEqual([4, 5]);
  });

  it('answers the same array when nothing changes', () => {
    const current = [msg(1), msg(2)];
    expect(mergeMessages(current, [current[1]!])).toBe(current);
    expect(mergeMessages(current, [])).toBe(current);
  });

  it('keeps only the newest when over the cap', () => {
    const merged = mergeMessages([msg(1), msg(2), msg(3)], [msg(4), msg(5)], 3);
    expect(merged.map((m) => m.id)).toEqual([3, 4, 5]);
  });

  it('merges an older page in front', () => {
    const merged = mergeMessages([msg(51), msg(52)], [msg(1), msg(2), msg(50)]);
    expect(merged.map((m) => m.id)).toEqual([1, 2, 50, 51, 52]);
  });
});

describe('message shapes', () => {
  it('recognises a message from either text field', () => {
    expect(isChatMessageView({ id: 1, username: 'a', text: 'x', createdAt: 'now' })).toBe(true);
    expect(isChatMessageView({ id: 1, username: 'a', createdAt: 'now' })).toBe(false);
    expect(messageText({ message: '', text: 'from text' })).toBe('from text');
    expect(messageText({ message: 'from message', text: '' })).toBe('from message');
  });

  it('knows a short page is the last', () => {
    expect(isLastPage(49)).toBe(true);
    expect(isLastPage(50)).toBe(false);
  });
});

describe('buildTimeline', () => {
  it('groups consecutive messages of one player within 60 seconds', () => {
    const items = buildTimeline([
      msg(1, { at: 0 }),
      msg(2, { at: 30_000 }),
      msg(3, { at: CHAT_GROUP_WINDOW_MS }),
      msg(4, { at: CHAT_GROUP_WINDOW_MS + 1 }),
    ]);
    const groups = items.filter((i) => i.kind === 'group');
    expect(groups.map((g) => g.messages.map((m) => m.id))).toEqual([[1, 2, 3], [4]]);
    expect(items[0]).toMatchObject({ kind: 'day' });
  });

  it('starts a new group when another player speaks in between', () => {
    const items = buildTimeline([
      msg(1),
      msg(2, { userId: 2, username: 'bob', at: 1000 }),
      msg(3, { at: 2000 }),
    ]);
    const groups = items.filter((i) => i.kind === 'group');
    expect(groups.map((g) => [g.username, g.messages.length])).toEqual([
      ['alice', 1],
      ['bob', 1],
      ['alice', 1],
    ]);
  });

  it('shows system messages on their own and breaks groups around them', () => {
    const items = buildTimeline([
      msg(1),
      msg(2, { type: 'system', userId: null, username: 'System', at: 1000 }),
      msg(3, { at: 2000 }),
    ]);
    expect(items.map((i) => i.kind)).toEqual(['day', 'group', 'system', 'group']);
  });

  it('adds a day divider when the calendar day changes', () => {
    const day = 24 * 60 * 60 * 1000;
    const items = buildTimeline([msg(1), msg(2, { at: 10_000 }), msg(3, { at: day })]);
    expect(items.map((i) => i.kind)).toEqual(['day', 'group', 'day', 'group']);
    expect(items.filter((i) => i.kind === 'day').map((i) => i.key)).toEqual([
      `day-${dayKey(BASE)}`,
      `day-${dayKey(BASE + day)}`,
    ]);
  });

  it('answers nothing for no messages', () => {
    expect(buildTimeline([])).toEqual([]);
  });
});

describe('checkDraft', () => {
  it('rejects empty and whitespace-only drafts', () => {
    expect(checkDraft('')).toEqual({ ok: false, reason: 'empty' });
    expect(checkDraft('  \n\t ')).toEqual({ ok: false, reason: 'empty' });
  });

  it('counts a draft of blank-looking characters as empty, as the server does', () => {
    for (const blank of ['\u3164', '\u3164\u3164 \u2800', '\u200b', '\uffa0']) {
      expect(checkDraft(blank)).toEqual({ ok: false, reason: 'empty' });
      expect(postChatBody.safeParse({ message: blank }).success).toBe(false);
    }
    expect(checkDraft('\u3164hi')).toEqual({ ok: true, text: '\u3164hi' });
  });

  it('trims and accepts up to 500 characters', () => {
    expect(checkDraft('  gg wp \n')).toEqual({ ok: true, text: 'gg wp' });
    expect(checkDraft('x'.repeat(500))).toEqual({ ok: true, text: 'x'.repeat(500) });
    expect(checkDraft(` ${'x'.repeat(500)} `)).toMatchObject({ ok: true });
    expect(checkDraft('x'.repeat(501))).toEqual({ ok: false, reason: 'tooLong' });
  });
});

describe('small helpers', () => {
  it('makes distinct client ids of at most 64 characters', () => {
    const a = newClientId();
    const b = newClientId();
    expect(a).not.toBe(b);
    expect(a.length).toBeLessThanOrEqual(64);
  });

  it('labels days', () => {
    const now = new Date(2025, 4, 10, 18, 0).getTime();
    expect(formatDay(new Date(2025, 4, 10, 1, 0).getTime(), now)).toBe('Today');
    expect(formatDay(new Date(2025, 4, 9, 23, 0).getTime(), now)).toBe('Yesterday');
    expect(formatDay(new Date(2025, 4, 6, 12, 0).getTime(), now)).toBe('Tue, May 6');
  });

  it('gives a player a stable colour', () => {
    expect(avatarColor('alice')).toBe(avatarColor('alice'));
    expect(avatarColor('alice')).toMatch(/^#[0-9a-f]{6}$/);
  });
});
