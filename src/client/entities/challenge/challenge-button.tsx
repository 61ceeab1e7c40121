import { useQueryClient } from '@tanstack/react-query';
import { Swords } from 'lucide-react';
import { useLocation } from 'wouter';
import { errorMessage } from '@client/lib/api';
import { api } from '@client/lib/endpoints';
import { useAction } from '@client/lib/use-action';
import { Button, toast } from '@client/ui';
import { useCurrentCharacter } from '@client/entities/character/use-current-character';
import { QUEUE_STATUS_KEY } from '@client/entities/pvp/queue-status';
import { showChallengeSent } from './sent-toast';

/**
 * 'Challenge': a friend or guild mate to a real-time duel with the current character (issue 25).
 * The challenger waits on /pvp, where the duel starts once it is accepted (the lobby shows the
 * wait, with Withdraw, and holds Find Match until the challenge is answered).
 */
export interface ChallengeButtonProps {
  username: string;
  size?: 'sm' | 'md';
  className?: string;
  /** What the button says ('Challenge'; 'Rematch' after a friendly duel). */
  label?: string;
  /** Called once the challenge is sent (the duel's result gives way to the lobby's wait). */
  onSent?: () => void;
  testId?: string;
}

export function ChallengeButton({ username, size = 'sm', className, label = 'Challenge', onSent, testId = 'challenge-button' }: ChallengeButtonProps) {
  const { character } = useCurrentCharacter();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const send = useAction({
    mutationFn: (characterId: number) => api.challenges.create({ body: { username, characterId } }),
    onSuccess: () => {
      // The lobby reads the challenge it waits for from the queue status.
      void queryClient.invalidateQueries({ queryKey: QUEUE_STATUS_KEY });
      showChallengeSent(username);
      navigate('/pvp');
      onSent?.();
    },
    onError: (err) => toast({ title: 'Challenge Failed', description: errorMessage(err), variant: 'destructive' }),
  });
  return (
    <Button
      size={size}
      className={className}
      disabled={!character || send.isPending}
      title={character ? `Challenge ${username} to a duel` : 'Create a fighter first'}
      onClick={() => character && send.mutate(character.id)}
      data-testid={testId}
    >
      <Swords aria-hidden />
      {label}
    </Button>
  );
}
