import { Ghost } from 'lucide-react';
import type { DuelSkillView } from '@common/duel';
import { cn } from '@client/lib/cn';
import { Badge } from '@client/ui';
import { ForfeitButton } from '@client/entities/battle/forfeit-button';
import { SpectatorCount } from '@client/entities/battle/spectator-count';
import { TurnTimer } from '@client/entities/battle/turn-timer';
import { DuelMoves } from './duel-skills';

export interface DuelControlsProps {
  yourTurn: boolean;
  opponent: string;
  turnEndsAt: number | null;
  turnSeconds: number;
  spectators: number;
  ghost: boolean;
  online: boolean;
  /** The player's learned skills and when each is ready. */
  skills: readonly DuelSkillView[];
  onAttack: () => void;
  onSkill: (skillId: number) => void;
  onForfeit: () => void;
}

/**
 * A running duel: whose turn, the visible turn timer, Attack and the learned skills (only for the
 * player whose turn it is, SPEC §6) and Forfeit.
 */
export function DuelControls({ yourTurn, opponent, turnEndsAt, turnSeconds, spectators, ghost, online, skills, onAttack, onSkill, onForfeit }: DuelControlsProps) {
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <p
          role="status"
          data-testid="real-pvp-turn"
          data-mine={yourTurn}
          className={cn('mr-auto font-pixel text-pixel-2xs leading-relaxed sm:text-pixel-xs', yourTurn ? 'text-neon-lime' : 'text-neon-magenta')}
        >
          {yourTurn ? 'Your turn: strike!' : `Waiting for ${opponent}...`}
        </p>
        <SpectatorCount count={spectators} />
        {ghost ? (
          <Badge variant="magenta" data-testid="real-pvp-ghost-badge">
            <Ghost aria-hidden />
            Ghost: half rewards, no rating
          </Badge>
        ) : null}
      </div>
      <TurnTimer deadline={turnEndsAt} turnSeconds={turnSeconds} label="Turn timer" testId="real-pvp-timer" />
      {yourTurn ? <DuelMoves skills={skills} online={online} onAttack={onAttack} onSkill={onSkill} /> : null}
      <div className="flex flex-wrap items-center gap-2">
        <span className="ml-auto">
          <ForfeitButton disabled={!online} onConfirm={onForfeit} />
        </span>
      </div>
    </>
  );
}
