import { Ghost, Shield, Sparkles, Sword } from 'lucide-react';
import type { Stats } from '@common/classes';
import type { PvpBattleView, PvpMove } from '@common/pvp';
import { cn } from '@client/lib/cn';
import { Badge, Button } from '@client/ui';
import { ForfeitButton } from '@client/entities/battle/forfeit-button';
import { SpectatorCount } from '@client/entities/battle/spectator-count';
import { TurnTimer } from '@client/entities/battle/turn-timer';
import { moveHelp, turnShown } from './move-help';

const MOVES: { move: PvpMove; label: string; Icon: typeof Sword }[] = [
  { move: 'attack', label: 'Attack', Icon: Sword },
  { move: 'defend', label: 'Defend', Icon: Shield },
  { move: 'special', label: 'Special', Icon: Sparkles },
];

export interface QueueMovesProps {
  battle: PvpBattleView;
  myTurn: boolean;
  foeName: string;
  /** The player's fighter's stats, which the moves' help quotes. */
  stats: Pick<Stats, 'attack' | 'magic'>;
  /** Turns until the player's special is ready again. */
  special: number;
  movePending: boolean;
  onMove: (move: PvpMove) => void;
  forfeitPending: boolean;
  onForfeit: () => void;
}

/** Whose turn, the turn timer, and (only for the player whose turn it is) Attack, Defend and Special, each saying what it does. */
export function QueueMoves({ battle, myTurn, foeName, stats, special, movePending, onMove, forfeitPending, onForfeit }: QueueMovesProps) {
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <p
          role="status"
          data-testid="pvp-turn"
          data-mine={myTurn}
          className={cn('mr-auto font-pixel text-pixel-2xs leading-relaxed sm:text-pixel-xs', myTurn ? 'text-neon-lime' : 'text-neon-magenta')}
        >
          {myTurn ? 'Your turn!' : `Waiting for ${foeName}...`}
        </p>
        <Badge variant="outline" data-testid="pvp-turn-count">
          Turn {turnShown(battle.turnCount, battle.status === 'active')}
        </Badge>
        <SpectatorCount count={battle.spectators} />
        {battle.ghost ? (
          <Badge variant="magenta" data-testid="pvp-ghost-badge">
            <Ghost aria-hidden />
            Ghost: half rewards, no rating
          </Badge>
        ) : null}
      </div>
      <TurnTimer deadline={battle.turnDeadline} turnSeconds={battle.turnSeconds} label={myTurn ? 'Your turn' : 'Their turn'} testId="pvp-turn-timer" />
      {myTurn ? (
        <ul className="grid gap-2 sm:grid-cols-3" aria-label="Your moves">
          {MOVES.map(({ move, label, Icon }) => {
            const cooling = move === 'special' && special > 0;
            const help = `pvp-move-help-${move}`;
            return (
              <li key={move} className="flex min-w-0 flex-col gap-1">
                <Button
                  data-testid={`pvp-move-${move}`}
                  variant={move === 'attack' ? 'primary' : 'secondary'}
                  disabled={movePending || cooling}
                  aria-describedby={help}
                  onClick={() => onMove(move)}
                >
                  <Icon aria-hidden />
                  {label}
                  {cooling ? <span data-testid="pvp-special-cooldown"> ({special})</span> : null}
                </Button>
                <p id={help} data-testid={help} className="text-xs leading-snug text-ink-dim">
                  {moveHelp(move, stats)}
                </p>
              </li>
            );
          })}
        </ul>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <span className="ml-auto">
          <ForfeitButton onConfirm={onForfeit} pending={forfeitPending} />
        </span>
      </div>
    </>
  );
}
