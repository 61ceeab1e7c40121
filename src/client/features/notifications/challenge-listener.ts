import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import type { ChallengerView } from '@common/challenges';
import { playSoundLater } from '@client/lib/sound-later';
import { tabSockets } from '@client/lib/tab-sockets';
import { toast } from '@client/ui/toast-store';
import { characterKeys } from '@client/entities/character/character-keys';
import { QUEUE_STATUS_KEY } from '@client/entities/pvp/queue-status';
import { dismissChallengeSent } from '@client/entities/challenge/sent-toast';

/** The real-time duel's screen, where a duel that starts is played. */
const DUEL_PATH = '/pvp';

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
  const [, navigate] = useLocation();
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
            const who = message.type === 'challenge_declined' ? message.by : message.with;
            toast({
              title: expired ? 'Challenge Expired' : 'Challenge Declined',
              description: expired ? (who ? `${who} did not answer in time.` : 'Nobody answered in time.') : who ? `${who} declined your challenge.` : 'Your challenge was declined.',
            });
          }
        } else if (message.type === 'battle_found') {
          // A duel started: a challenge of the player's was accepted (or is moot now).
          dismissChallengeSent();
          void queryClient.invalidateQueries({ queryKey: QUEUE_STATUS_KEY });
          // Its turn clock runs from now: a player who went to another screen meanwhile (their
          // challenge answered, their search matched) is taken to it rather than lose it unseen.
          if (window.location.pathname !== DUEL_PATH) {
            navigate(DUEL_PATH);
            const foe = message.battle.opponent?.username;
            toast({ title: 'Duel Started', description: foe ? `Your duel against ${foe} is on.` : 'Your duel is on.' });
          }
        }
      }),
    [queryClient, navigate],
  );
  const gone = useCallback((id: number) => setOpen((list) => list.filter((o) => o.challengeId !== id)), []);
  return { open, gone };
}
