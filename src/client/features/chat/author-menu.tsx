import { useEffect, useRef, useState } from 'react';
import { ChallengeButton } from '@client/entities/challenge/challenge-button';
import { ReportBlock } from '@client/entities/user/report-block';

/**
 * Another player's name in the chat: opens a small menu with Challenge (friends and guild mates)
 * and Report (the message given) or Block (its author).
 */
export function AuthorMenu({ username, reportMessageId }: { username: string; reportMessageId: number }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      // The report dialog, and its reason's list of options, live in portals: a click in them is
      // not a click away from the menu (closing the menu would take the dialog with it).
      if (event instanceof MouseEvent && (event.target as Element | null)?.closest?.('[role="dialog"], [role="listbox"]')) return;
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !ref.current?.contains(event.target as Node)) setOpen(false);
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
        type="button"
        // Padded to a finger's height (24 px and more) without moving the line: the name's text is 16 px tall.
        className="-my-1.5 max-w-full cursor-pointer truncate py-1.5 font-pixel text-pixel-xs text-ink underline-offset-4 hover:underline"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((v) => !v)}
        data-testid="chat-author"
      >
        {username}
      </button>
      {open ? (
        <span role="menu" aria-label={`Actions for ${username}`} className="absolute top-full left-0 z-20 mt-1 flex items-center gap-2 border-2 border-edge-bright bg-panel p-2 shadow-hard" data-testid="chat-author-menu">
          <ChallengeButton username={username} />
          <ReportBlock kind="chat" targetId={reportMessageId} username={username} label="Report this message" testId="chat-report" />
        </span>
      ) : null}
    </span>
  );
}
