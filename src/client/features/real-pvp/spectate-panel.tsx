import { Link } from 'wouter';
import { ArrowLeft, Eye, Trophy } from 'lucide-react';
import { Badge, Button } from '@client/ui';
import type { StageState } from '@client/entities/battle/stage-state';
import { TurnTimer } from '@client/entities/battle/turn-timer';
import { WatchReplayLink } from '@client/entities/battle/watch-replay-link';
import type { WatchState } from '@client/entities/pvp/pvp-state';

/** Under the watched stage: whose turn and its timer, or who won and the replay; never an action. */
export function SpectatePanel({ state, stage, onLeave }: { state: WatchState; stage: StageState; onLeave: () => void }) {
  const { battle } = state;
  if (!battle) return null;
  const name = (side: 0 | 1) => battle.fighters[side].character.name;
  const winner = state.winner ?? stage.end?.winner ?? null;
  return (
    <div className="flex flex-col gap-3 border-t-4 border-edge p-3 sm:p-5" data-testid="spectator-panel" data-phase={state.phase}>
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="magenta">
          <Eye aria-hidden />
          Watching: read-only
        </Badge>
      </div>
      {state.phase === 'ended' && winner !== null ? (
        <p role="status" data-testid="spectator-result" data-winner={winner} className="flex items-center gap-2 font-pixel text-pixel-xs leading-relaxed text-neon-lime sm:text-pixel-sm">
          <Trophy aria-hidden className="size-5 shrink-0" />
          {name(winner)} wins!
        </p>
      ) : stage.toMove !== null ? (
        <TurnTimer deadline={state.turnDeadline} turnSeconds={battle.turnSeconds} label={`${name(stage.toMove)}'s turn`} testId="spectator-timer" />
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        {state.replayId ? <WatchReplayLink replayId={state.replayId} /> : null}
        <Button asChild variant="ghost" size="sm">
          <Link href="/pvp" onClick={onLeave} data-testid="spectator-leave">
            <ArrowLeft aria-hidden />
            Back to the lobby
          </Link>
        </Button>
      </div>
    </div>
  );
}
