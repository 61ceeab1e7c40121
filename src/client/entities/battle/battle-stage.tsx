import { useRef, type ReactNode } from 'react';
import { other, type Side } from '@common/sides';
import { Card } from '@client/ui';
import type { FighterLook } from './fighter-look';
import { StageBanner, type StageViewer } from './stage-banner';
import { StageSide } from './stage-side';
import type { StageState } from './stage-state';
import { popOf, useStageMotion } from './use-stage-motion';
import './battle.css';

export interface BattleStageProps {
  stage: StageState;
  /** How sides 0 and 1 look (null: not known yet). */
  looks: readonly [FighterLook | null, FighterLook | null];
  /** The side standing on the left: the viewer's own fighter, else side 0. */
  left: Side;
  /** What the left and the right side are called ('Your fighter', 'Enemy'). */
  captions: readonly [string, string];
  viewer: StageViewer;
  /** The right side is being summoned ('loading') or replaced ('rolling'). */
  rightStatus?: 'loading' | 'rolling' | 'ready';
  /** The battle ended before both moved: nobody won. */
  noContest?: boolean;
  /** A battle was started and its first move has not come yet. */
  starting?: boolean;
  /** Mark the side to move (battles that alternate: PvP); in rounds the order is rolled anew. */
  showTurn?: boolean;
  reducedMotion: boolean;
  /** Buttons and status lines under the stage. */
  children?: ReactNode;
}

/** The arena: both fighters facing each other, their HP and stats, each move and the outcome. */
export function BattleStage(props: BattleStageProps) {
  const { stage, looks, left, captions, viewer, rightStatus = 'ready', noContest = false, starting = false, showTurn = false, reducedMotion, children } = props;
  const stageRef = useRef<HTMLDivElement>(null);
  const leftRef = useRef<HTMLDivElement>(null);
  const rightRef = useRef<HTMLDivElement>(null);
  useStageMotion(stage.beat, { left, stageRef, leftRef, rightRef, reducedMotion, noContest });
  const popped = popOf(stage.beat, reducedMotion);
  const right = other(left);
  const shared = { stage, noContest, showTurn };

  return (
    <Card accent="cyan" className="overflow-hidden" data-testid="battle-stage">
      <div ref={stageRef} className="grid grid-cols-2 grid-rows-[auto_auto_auto]">
        {/* The backdrop spans both fighters' rows. */}
        <div aria-hidden className="battle-sky relative col-span-2 col-start-1 row-start-2 overflow-hidden border-y-4 border-edge">
          <div className="battle-floor absolute inset-x-[-30%] bottom-0 h-[30%]" />
        </div>
        {stage.end || starting ? null : (
          <div aria-hidden className="pointer-events-none col-span-2 col-start-1 row-start-2 flex items-center justify-center self-center">
            <span className="glitch font-pixel text-pixel-md text-ink/80 sm:text-pixel-xl" data-text="VS">
              VS
            </span>
          </div>
        )}
        <StageSide {...shared} place="player" side={left} look={looks[left]} caption={captions[0]} status="ready" moveRef={leftRef} pop={popped?.side === left ? popped.pop : null} />
        <StageSide {...shared} place="enemy" side={right} look={looks[right]} caption={captions[1]} status={rightStatus} moveRef={rightRef} pop={popped?.side === right ? popped.pop : null} />
        <StageBanner stage={stage} left={left} viewer={viewer} noContest={noContest} starting={starting} />
      </div>
      {children}
    </Card>
  );
}
