import { useEffect } from 'react';
import { X } from 'lucide-react';
import { errorMessage } from '@client/lib/api';
import { api } from '@client/lib/endpoints';
import { useAction } from '@client/lib/use-action';
import { Button, Spinner, toast } from '@client/ui';
import { useCooldown } from '@client/entities/battle/use-cooldown';

/**
 * The duel lobby while the player's own challenge waits for its answer: whom, the seconds left,
 * and Withdraw. The duel starts on this page once it is accepted.
 */
export function SentChallengeWait({ challenge, onOver }: { challenge: { id: number; username: string; expiresAt: string }; onOver: () => void }) {
  const left = useCooldown(challenge.expiresAt, 0);
  // Past its time with no word from the server (a socket away at the moment): ask the status again.
  useEffect(() => {
    if (left === 0) onOver();
  }, [left, onOver]);
  const withdraw = useAction({
    mutationFn: () => api.challenges.decline({ params: { id: challenge.id } }),
    onSuccess: () => {
      onOver();
      toast({ title: 'Challenge Withdrawn', description: `${challenge.username} can no longer accept it.` });
    },
    // Answered or expired meanwhile: it no longer waits either way.
    onError: (err) => {
      onOver();
      toast({ title: 'Challenge', description: errorMessage(err) });
    },
  });
  return (
    <div className="flex flex-wrap items-center gap-3" data-testid="sent-challenge">
      <Spinner size="sm" label="Waiting..." className="flex-row gap-2 text-neon-cyan" />
      <span className="min-w-0 text-lg text-ink wrap-anywhere">
        {challenge.username} has <span data-testid="sent-challenge-time">{Math.ceil(left / 1000)}s</span> to accept your challenge. The duel starts here.
      </span>
      <Button variant="secondary" disabled={withdraw.isPending} onClick={() => withdraw.mutate()} data-testid="sent-challenge-withdraw">
        <X aria-hidden />
        Withdraw
      </Button>
    </div>
  );
}
