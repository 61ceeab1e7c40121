import type { EndReason } from '@common/battle-events';
import type { Side } from '@common/sides';
import { cn } from '@client/lib/cn';
import type { StageState } from './stage-state';

/** Who looks at the stage: one of the fighters (the left side) or someone watching. */
export type StageViewer = 'fighter' | 'watcher';

const WATCHER_BANNER: Record<EndReason, string> = {
  knockout: 'K.O.!',
  time: 'TIME!',
  forfeit: 'FORFEIT',
  timeout: 'TIME OUT',
};

export interface BannerInput {
  stage: StageState;
  left: Side;
  viewer: StageViewer;
  noContest: boolean;
  starting: boolean;
}

/** The big word across the stage: FIGHT!, the outcome, or nothing. */
export function bannerText({ stage, left, viewer, noContest, starting }: BannerInput): string | null {
  if (stage.end) {
    if (noContest) return 'NO CONTEST';
    if (viewer === 'watcher') return WATCHER_BANNER[stage.end.reason];
    return stage.end.winner === left ? 'VICTORY!' : 'DEFEAT';
  }
  return starting ? 'FIGHT!' : null;
}

const TONES: Record<string, string> = { 'VICTORY!': 'text-neon-lime', DEFEAT: 'text-danger', 'FIGHT!': 'text-gold' };

/** The outcome (or FIGHT!) and, while a skill lands, its name. */
export function StageBanner(props: BannerInput) {
  const text = bannerText(props);
  const { beat } = props.stage;
  const skill = !props.stage.end && beat?.skill ? beat.skill : null;
  if (!text && !skill) return null;
  return (
    <div aria-hidden className="pointer-events-none z-20 col-span-2 col-start-1 row-start-2 flex flex-col items-center gap-2 pt-3 sm:pt-4">
      {text ? (
        <span key={text} data-testid="stage-banner" className={cn('battle-banner font-pixel text-pixel-lg sm:text-pixel-2xl', TONES[text] ?? 'text-neon-cyan')}>
          {text}
        </span>
      ) : null}
      {skill ? (
        <span
          key={beat!.seq}
          data-testid="stage-skill"
          className={cn(
            'battle-skill max-w-[90%] truncate px-2 text-center font-pixel text-pixel-xs sm:text-pixel-md',
            skill.kind === 'ultimate' ? 'text-gold' : skill.kind === 'special' ? 'text-neon-magenta' : 'text-neon-cyan',
          )}
        >
          {skill.kind === 'ultimate' ? `ULTIMATE: ${skill.name}` : skill.name}
        </span>
      ) : null}
    </div>
  );
}
