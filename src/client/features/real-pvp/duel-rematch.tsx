import { Swords } from 'lucide-react';
import { formatCooldown } from '@common/current-character';
import type { CharacterView } from '@common/game-api';
import { Button } from '@client/ui';
import { ChallengeButton } from '@client/entities/challenge/challenge-button';
import { usePvpCooldown } from '@client/entities/pvp/pvp-cooldown';

/**
 * After a friendly duel: the same opponent again, as a challenge. Both fighters have just started
 * their PvP cooldown, which the server would refuse a challenge on: the button counts it down, then
 * sends. Once sent, the result gives way to the lobby, which shows the wait for the answer.
 */
export function DuelRematch({ username, character, onSent }: { username: string; character: CharacterView; onSent: () => void }) {
  const left = usePvpCooldown(character);
  if (left > 0) {
    return (
      <Button size="sm" variant="secondary" disabled data-testid="real-pvp-rematch" title={`Both fighters rest a minute after a duel: ${username} can be challenged again then`}>
        <Swords aria-hidden />
        Rematch in {formatCooldown(left)}
      </Button>
    );
  }
  return <ChallengeButton username={username} label="Rematch" onSent={onSent} testId="real-pvp-rematch" />;
}
