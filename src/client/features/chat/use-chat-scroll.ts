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

  return { scrollRef, onScroll, unseen, jumpToNewest };
}
