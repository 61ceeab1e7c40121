import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { ChallengeButton } from '@client/entities/challenge/challenge-button';
import { useMayChallenge } from '@client/entities/challenge/use-may-challenge';
import type { ChatMessageView } from '@common/chat';
import { ReportBlock } from '@client/entities/user/report-block';
import { cn } from '@client/lib/cn';
import { messageText } from './chat-model';

/**
 * Another player's name in the chat: opens a small menu with Challenge (friends and guild mates)
 * and Report (the message given, which its dialog quotes) or Block (its author). A disclosure,
 * not an ARIA menu (which promises arrow keys): its buttons follow the name, so Tab reaches them,
 * and Escape closes it and gives the focus back to the name.
 */
export function AuthorMenu({ username, reported }: { username: string; reported: Pick<ChatMessageView, 'id' | 'message' | 'text'> }) {
  const [open, setOpen] = useState(false);
  const [above, setAbove] = useState(false);
  const ref = useRef<HTMLSpanElement>(null);
  const menuRef = useRef<HTMLSpanElement>(null);
  const nameRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  // The list scrolls and clips what leaves it: the newest message's menu, at its bottom, opens
  // upwards when there is no room under the name (and more room above).
  useLayoutEffect(() => {
    if (!open) return setAbove(false);
    const menu = menuRef.current;
    const list = ref.current?.closest('.chat-scroll');
    if (!menu || !list || !ref.current) return;
    const name = ref.current.getBoundingClientRect();
    const box = list.getBoundingClientRect();
    const needed = menu.getBoundingClientRect().height + 4;
    setAbove(box.bottom - name.bottom < needed && name.top - box.top > box.bottom - name.bottom);
  }, [open]);
  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      // The report dialog, and its reason's list of options, live in portals: a click or an Escape
      // in them is theirs, not the menu's (closing the menu would take the dialog with it).
      if ((event.target as Element | null)?.closest?.('[role="dialog"], [role="listbox"]')) return;
      if (event instanceof KeyboardEvent) {
        if (event.key !== 'Escape') return;
        // Closing takes the focused button with it: the focus goes back to the name, not to the page.
        if (menuRef.current?.contains(document.activeElement)) nameRef.current?.focus();
        setOpen(false);
      } else if (!ref.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);
  return (
    <span ref={ref} className="relative max-w-full">
      <button
        ref={nameRef}
        type="button"
        // Padded to a finger's height (24 px and more) without moving the line: the name's text is 16 px tall.
        className="-my-1.5 max-w-full cursor-pointer truncate py-1.5 font-pixel text-pixel-xs text-ink underline-offset-4 hover:underline"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((v) => !v)}
        data-testid="chat-author"
      >
        {username}
      </button>
      {open ? (
        <span
          ref={menuRef}
          id={menuId}
          role="group"
          aria-label={`Actions for ${username}`}
          className={cn('absolute left-0 z-20 flex items-center gap-2 border-2 border-edge-bright bg-panel p-2 shadow-hard', above ? 'bottom-full mb-1' : 'top-full mt-1')}
          data-testid="chat-author-menu"
          data-side={above ? 'top' : 'bottom'}
        >
          <ChallengeIfAllowed username={username} />
          <ReportBlock kind="chat" targetId={reported.id} quote={messageText(reported)} username={username} label="Report this message" text="Report" testId="chat-report" />
        </span>
      ) : null}
    </span>
  );
}

/** Challenge is offered only where the server would take it (friends and guild mates). */
function ChallengeIfAllowed({ username }: { username: string }) {
  return useMayChallenge(username) ? <ChallengeButton username={username} /> : null;
}
