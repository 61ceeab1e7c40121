import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Swords, X } from 'lucide-react';
import { useLocation } from 'wouter';
import { errorMessage } from '@client/lib/api';
import { api } from '@client/lib/endpoints';
import { useAction } from '@client/lib/use-action';
import { Button, toast, useToastsAtTop } from '@client/ui';
import { useCurrentCharacter } from '@client/entities/character/use-current-character';
import type { OpenChallenge } from './challenge-listener';

/** Seconds left of a challenge, for its countdown. */
function useSecondsLeft(until: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return Math.max(0, Math.ceil((until - now) / 1000));
}

/** Where the keyboard is busy (typing): a challenge arriving does not take the focus from there. */
const typing = (el: Element | null) => el instanceof HTMLElement && (el.isContentEditable || el.matches('input:not([type=checkbox]):not([type=radio]):not([type=range]), textarea, select'));

function ChallengeCard({ open, onGone }: { open: OpenChallenge; onGone: (id: number) => void }) {
  const left = useSecondsLeft(open.expiresAt);
  const acceptButton = useRef<HTMLButtonElement>(null);
  const declineButton = useRef<HTMLButtonElement>(null);
  const cameFrom = useRef<HTMLElement | null>(null);
  // A challenge that arrives while the player is not typing takes the keyboard to its answer (it
  // lasts a minute, and the card is last on the page); Escape gives it back to where it was.
  useEffect(() => {
    const active = document.activeElement;
    if (typing(active)) return;
    cameFrom.current = active instanceof HTMLElement && active !== document.body ? active : null;
    (acceptButton.current?.disabled ? declineButton.current : acceptButton.current)?.focus();
  }, []);
  const giveBack = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    cameFrom.current?.focus();
    // Where it was is gone or cannot take the focus any more: leave the card all the same.
    if (event.currentTarget.contains(document.activeElement)) (document.activeElement as HTMLElement).blur();
  };
  const { character } = useCurrentCharacter();
  const [, navigate] = useLocation();
  const answer = useAction({
    mutationFn: async (accept: boolean): Promise<unknown> =>
      accept && character ? api.challenges.accept({ params: { id: open.challengeId }, body: { characterId: character.id } }) : api.challenges.decline({ params: { id: open.challengeId } }),
    onSuccess: (_, accept) => {
      onGone(open.challengeId);
      if (accept) navigate('/pvp');
    },
    onError: (err) => {
      toast({ title: 'Challenge', description: errorMessage(err), variant: 'destructive' });
      onGone(open.challengeId);
    },
  });
  useEffect(() => {
    if (left === 0) onGone(open.challengeId);
  }, [left, onGone, open.challengeId]);
  const c = open.from.character;
  return (
    <div
      role="alertdialog"
      aria-label={`Challenge from ${open.from.username}`}
      aria-describedby={`challenge-${open.challengeId}-text`}
      onKeyDown={giveBack}
      className="pixel-frame border-neon-magenta bg-panel p-3 shadow-hard"
      data-testid="challenge-prompt"
    >
      <p className="flex items-center gap-2 font-pixel text-pixel-xs text-neon-magenta">
        <Swords aria-hidden className="size-4" />
        Duel Challenge
      </p>
      <p id={`challenge-${open.challengeId}-text`} className="mt-2 text-lg text-ink">
        {open.from.username} challenges you with {c.name} (level {c.level} <span className="capitalize">{c.class}</span>).
      </p>
      <p className="text-base text-ink-muted">Unrated, no rewards · {left}s left</p>
      <div className="mt-3 flex justify-end gap-2">
        <Button ref={declineButton} size="sm" variant="ghost" disabled={answer.isPending} onClick={() => answer.mutate(false)} data-testid="challenge-decline">
          <X aria-hidden />
          Decline
        </Button>
        <Button ref={acceptButton} size="sm" disabled={answer.isPending || !character} onClick={() => answer.mutate(true)} data-testid="challenge-accept">
          <Swords aria-hidden />
          Accept
        </Button>
      </div>
    </div>
  );
}

/** The challenges waiting for an answer, in the corner of any screen (challenge-listener.ts keeps them). */
export function ChallengeCards({ open, onGone }: { open: readonly OpenChallenge[]; onGone: (id: number) => void }) {
  // The cards hold the bottom right corner: toasts go to the top meanwhile, not over Accept.
  useToastsAtTop(open.length > 0);
  return (
    <div className="fixed right-3 bottom-3 z-50 flex w-[min(24rem,calc(100vw-1.5rem))] flex-col gap-2" data-testid="challenge-prompts">
      {open.map((o) => (
        <ChallengeCard key={o.challengeId} open={o} onGone={onGone} />
      ))}
    </div>
  );
}
