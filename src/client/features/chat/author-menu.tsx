import { useEffect, useRef, useState } from 'react';
import { ChallengeButton } from '@client/entities/challenge/challenge-button';

/** Another player's name in the chat: opens a small menu with 'Challenge' (friends and guild mates, issue 25). */
export function AuthorMenu({ username }: { username: string }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
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
        className="max-w-full cursor-pointer truncate font-pixel text-pixel-xs text-ink underline-offset-4 hover:underline"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((v) => !v)}
        data-testid="chat-author"
      >
        {username}
      </button>
      {open ? (
        <span role="menu" aria-label={`Actions for ${username}`} className="absolute top-full left-0 z-20 mt-1 flex border-2 border-edge-bright bg-panel p-2 shadow-hard" data-testid="chat-author-menu">
          <ChallengeButton username={username} />
        </span>
      ) : null}
    </span>
  );
}
