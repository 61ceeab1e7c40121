import { Trophy } from 'lucide-react';
import type { EndReason } from '@common/battle-events';
import type { ReplayView as Replay } from '@common/replays';
import { BattleLog } from '@client/entities/battle/battle-log';
import { NO_CONTEST_TEXT } from '@client/entities/battle/pvp-outcome';
import { BattleStage } from '@client/entities/battle/battle-stage';
import { replayLook } from '@client/entities/battle/fighter-look';
import { stageLogLines } from '@client/entities/battle/log-lines';
import { useBattleSounds } from '@client/entities/battle/use-battle-sounds';
import { ReplayControls } from './replay-controls';
import type { useReplay } from './use-replay';

const REASONS: Record<EndReason, string> = { knockout: 'by knockout', time: 'on the time limit', forfeit: 'by forfeit', timeout: 'on the turn timer' };

/** What each side is called over the stage: the player's name, else (an enemy) what it is. */
export function captionsOf(replay: Replay): [string, string] {
  const [a, b] = replay.fighters;
  return [a.username ?? a.name, b.username ?? (replay.kind === 'pve' ? 'Enemy' : b.name)];
}

/** The replay on the battle view: stage, controls, the winner once shown, and the log. */
export function ReplayView({ r, replay, reducedMotion }: { r: ReturnType<typeof useReplay>; replay: Replay; reducedMotion: boolean }) {
  const { stage } = r.player;
  useBattleSounds({ beat: stage.beat, active: false, result: null });
  const end = stage.end;
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="min-w-0" data-testid="replay-view" data-replay-id={replay.id}>
        <BattleStage
          stage={stage}
          looks={[replayLook(replay.fighters[0]), replayLook(replay.fighters[1])]}
          left={0}
          captions={captionsOf(replay)}
          viewer="watcher"
          noContest={Boolean(end) && replay.noContest}
          showTurn={replay.kind === 'pvp'}
          reducedMotion={reducedMotion}
        >
          <div className="flex flex-col gap-3 border-t-4 border-edge p-3 sm:p-5">
            {end && replay.noContest ? (
              <p role="status" data-testid="replay-result" className="font-pixel text-pixel-xs leading-relaxed text-ink-muted sm:text-pixel-sm">
                {NO_CONTEST_TEXT}
              </p>
            ) : end ? (
              <p role="status" data-testid="replay-result" className="flex items-center gap-2 font-pixel text-pixel-xs leading-relaxed text-neon-lime sm:text-pixel-sm">
                <Trophy aria-hidden className="size-5 shrink-0" />
                {replay.fighters[end.winner].name} wins {REASONS[end.reason]}!
              </p>
            ) : null}
            <ReplayControls r={r} />
          </div>
        </BattleStage>
      </div>
      <div className="min-w-0 lg:relative lg:min-h-80">
        <BattleLog
          lines={stageLogLines(stage, 0, true)}
          reducedMotion={reducedMotion}
          emptyText="Press Play: the fight will be told here, blow by blow."
          testId="replay-log"
          lineTestId="replay-log-line"
          className="lg:absolute lg:inset-0"
        />
      </div>
    </div>
  );
}
