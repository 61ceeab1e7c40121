import { useLayoutEffect, useRef, useState } from 'react';
import type { ChatMessageView } from '@common/chat';

/** How close to the bottom (px) still counts as reading the newest messages. */
const STICK_TO_BOTTOM_PX = 48;

/**
 * Keeps the chat log on the newest message while the player reads at the bottom (or sent it),
 * keeps the same messages in view when older ones come in above, and otherwise raises `unseen`
 * for a 'New messages' button.
 */
export function useChatScroll(messages: ChatMessageView[] | undefined, currentUserId: number | null) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const seen = useRef<{ first?: number; last?: number; height: number }>({ height: 0 });
  const [unseen, setUnseen] = useState(false);

  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const first = messages?.[0]?.id;
    const newest = messages?.[messages.length - 1];
    const last = newest?.id;
    const mine = newest != null && currentUserId !== null && newest.userId === currentUserId;
    const move = scrollMove(seen.current, { first, last }, atBottom.current, mine);
    if (move === 'older') {
      // Older messages came in above: keep the same messages in view.
      el.scrollTop += el.scrollHeight - seen.current.height;
    } else if (move === 'newest' || (move === 'gone' && atBottom.current)) {
      el.scrollTop = el.scrollHeight;
      atBottom.current = true;
      setUnseen(false);
    } else if (move === 'gone' && last === undefined) {
      setUnseen(false);
    } else if (move === 'unseen') {
      setUnseen(true);
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

  return { scrollRef, onScroll, unseen, jumpToNewest };
}

type Ends = { first?: number; last?: number };

/**
 * What a change of the log's messages asks of its scroll: the first messages shown ('newest':
 * to the bottom), older ones in above ('older'), a new one at the end followed ('newest': the
 * player reads at the bottom or sent it) or announced ('unseen'), the newest gone ('gone': deleted
 * by a moderator, its author blocked; nothing new to announce), or nothing at either end ('none').
 * Ids only grow, so a newest with a smaller id is one that went, not one that came.
 */
export function scrollMove(before: Ends, after: Ends, atBottom: boolean, mine: boolean): 'newest' | 'older' | 'unseen' | 'gone' | 'none' {
  if (before.last === undefined) return 'newest';
  if (after.last === before.last) return after.first !== before.first ? 'older' : 'none';
  if (after.last === undefined || after.last < before.last) return 'gone';
  return atBottom || mine ? 'newest' : 'unseen';
}
