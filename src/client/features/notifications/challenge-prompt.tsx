import { useEffect, useRef, useState } from 'react';
import { Swords, X } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import type { ChallengerView } from '@common/challenges';
import { errorMessage } from '@client/lib/api';
import { api } from '@client/lib/endpoints';
import { playSoundLater } from '@client/lib/sound-later';
import { tabSockets } from '@client/lib/tab-sockets';
import { useAction } from '@client/lib/use-action';
import { Button, toast } from '@client/ui';
import { characterKeys } from '@client/entities/character/character-keys';
import { useCurrentCharacter } from '@client/entities/character/use-current-character';

interface Open {
  challengeId: number;
  from: ChallengerView;
  expiresAt: number;
}

/** Seconds left of a challenge, for its countdown. */
function useSecondsLeft(until: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return Math.max(0, Math.ceil((until - now) / 1000));
}

function ChallengeCard({ open, onGone }: { open: Open; onGone: (id: number) => void }) {
  const left = useSecondsLeft(open.expiresAt);
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
    <div role="alertdialog" aria-label={`Challenge from ${open.from.username}`} className="pixel-frame border-neon-magenta bg-panel p-3 shadow-hard" data-testid="challenge-prompt">
      <p className="flex items-center gap-2 font-pixel text-pixel-xs text-neon-magenta">
        <Swords aria-hidden className="size-4" />
        Duel Challenge
      </p>
      <p className="mt-2 text-lg text-ink">
        {open.from.username} challenges you with {c.name} (level {c.level} <span className="capitalize">{c.class}</span>).
      </p>
      <p className="text-base text-ink-muted">Unrated, no rewards · {left}s left</p>
      <div className="mt-3 flex justify-end gap-2">
        <Button size="sm" variant="ghost" disabled={answer.isPending} onClick={() => answer.mutate(false)} data-testid="challenge-decline">
          <X aria-hidden />
          Decline
        </Button>
        <Button size="sm" disabled={answer.isPending || !character} onClick={() => answer.mutate(true)} data-testid="challenge-accept">
          <Swords aria-hidden />
          Accept
        </Button>
      </div>
    </div>
  );
}

/** Challenges received while signed in, on any screen; and what became of the player's own. */
export function ChallengePrompt() {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<Open[]>([]);
  const received = useRef(new Set<number>());
  useEffect(
    () =>
      tabSockets.listen((message) => {
        if (message.type === 'challenge_received') {
          if (received.current.has(message.challengeId)) return;
          received.current.add(message.challengeId);
          playSoundLater('notification');
          // Accepting fights with the current character as the server has it now.
          void queryClient.invalidateQueries({ queryKey: characterKeys.all });
          setOpen((list) => [...list, { challengeId: message.challengeId, from: message.from, expiresAt: Date.parse(message.expiresAt) }]);
        } else if (message.type === 'challenge_expired' || message.type === 'challenge_declined') {
          setOpen((list) => list.filter((o) => o.challengeId !== message.challengeId));
          // The player's own challenge: say what became of it.
          if (!received.current.has(message.challengeId)) {
            const expired = message.type === 'challenge_expired';
            toast({ title: expired ? 'Challenge Expired' : 'Challenge Declined', description: expired ? 'Nobody answered in time.' : 'Your challenge was declined.' });
          }
        }
      }),
    [queryClient],
  );
  const gone = (id: number) => setOpen((list) => list.filter((o) => o.challengeId !== id));
  if (open.length === 0) return null;
  return (
    <div className="fixed right-3 bottom-3 z-50 flex w-[min(24rem,calc(100vw-1.5rem))] flex-col gap-2" data-testid="challenge-prompts">
      {open.map((o) => (
        <ChallengeCard key={o.challengeId} open={o} onGone={gone} />
      ))}
    </div>
  );
}
