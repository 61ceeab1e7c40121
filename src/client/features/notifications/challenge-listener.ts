import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ChallengerView } from '@common/challenges';
import { playSoundLater } from '@client/lib/sound-later';
import { tabSockets } from '@client/lib/tab-sockets';
import { toast } from '@client/ui/toast-store';
import { characterKeys } from '@client/entities/character/character-keys';
import { QUEUE_STATUS_KEY } from '@client/entities/pvp/queue-status';

export interface OpenChallenge {
  challengeId: number;
  from: ChallengerView;
  expiresAt: number;
}

/**
 * Challenges received while signed in, on any screen, and what became of the player's own: the
 * tab's sockets are heard from the first screen on, while the cards that answer a challenge
 * (challenge-prompt.tsx) load with the first one received.
 */
export function useChallenges(): { open: OpenChallenge[]; gone: (id: number) => void } {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<OpenChallenge[]>([]);
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
          // The player's own challenge no longer waits: the lobby hears it from the status.
          void queryClient.invalidateQueries({ queryKey: QUEUE_STATUS_KEY });
          // The player's own challenge: say what became of it.
          if (!received.current.has(message.challengeId)) {
            const expired = message.type === 'challenge_expired';
            toast({ title: expired ? 'Challenge Expired' : 'Challenge Declined', description: expired ? 'Nobody answered in time.' : 'Your challenge was declined.' });
          }
        } else if (message.type === 'battle_found') {
          // A duel started: a challenge of the player's was accepted (or is moot now).
          void queryClient.invalidateQueries({ queryKey: QUEUE_STATUS_KEY });
        }
      }),
    [queryClient],
  );
  const gone = useCallback((id: number) => setOpen((list) => list.filter((o) => o.challengeId !== id)), []);
  return { open, gone };
}
