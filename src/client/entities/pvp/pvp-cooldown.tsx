import { Clock } from 'lucide-react';
import { PVP_COOLDOWN_MS } from '@common/constants';
import { formatCooldown } from '@common/current-character';
import type { CharacterView } from '@common/game-api';
import { useCooldown } from '@client/entities/battle/use-cooldown';

/** What is left of the fighter's PvP cooldown (a minute after each PvP battle), in ms; 0 when ready or with no fighter. */
export function usePvpCooldown(character: Pick<CharacterView, 'lastPvPBattleAt'> | null): number {
  return useCooldown(character?.lastPvPBattleAt, PVP_COOLDOWN_MS);
}

/** 'PvP cooldown: 44s' beside a lobby's join button, while the server would refuse a search. Test ids `testId` and `{testId}-time`. */
export function PvpCooldownNote({ ms, testId }: { ms: number; testId: string }) {
  return (
    <span data-testid={testId} className="flex items-center gap-2 text-lg text-gold">
      <Clock aria-hidden className="size-4" />
      PvP cooldown: <span data-testid={`${testId}-time`}>{formatCooldown(ms)}</span>
    </span>
  );
}
