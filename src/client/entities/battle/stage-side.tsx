import type { RefObject } from 'react';
import type { Side } from '@common/sides';
import { cn } from '@client/lib/cn';
import type { FighterLook } from './fighter-look';
import { Hud, type StagePlace } from './stage-hud';
import { SpriteSlot, type Pop } from './stage-sprite';
import type { StageState } from './stage-state';
import { StatList } from './stat-list';

export interface StageSideProps {
  place: StagePlace;
  side: Side;
  stage: StageState;
  look: FighterLook | null;
  caption: string;
  /** Summoning ('loading') or replacing ('rolling') this side. */
  status: 'loading' | 'rolling' | 'ready';
  noContest: boolean;
  showTurn: boolean;
  moveRef: RefObject<HTMLDivElement | null>;
  pop: Pop | null;
}

/** One half of the stage: the HUD over the fighter on the floor, its stats below. */
export function StageSide({ place, side, stage, look: given, caption, status, noContest, showTurn, moveRef, pop }: StageSideProps) {
  const look = status === 'loading' ? null : given;
  const max = Math.max(1, stage.fighters?.[side].maxHp ?? look?.maxHp ?? 1);
  const hp = stage.fighters ? stage.hp[side] : max;
  return (
    <section
      aria-label={caption}
      aria-busy={status !== 'ready'}
      data-testid={place === 'player' ? 'player-fighter' : 'enemy-panel'}
      className={cn('row-span-3 row-start-1 grid min-w-0 grid-rows-subgrid', place === 'player' ? 'col-start-1' : 'col-start-2')}
    >
      <Hud
        place={place}
        caption={caption}
        look={look}
        hp={hp}
        max={Math.max(max, hp)}
        loading={status !== 'ready'}
        moving={showTurn && stage.toMove === side && !stage.end}
        defending={stage.defending[side]}
      />
      <div className="h-40 sm:h-52 lg:h-60">
        <SpriteSlot
          place={place}
          caption={caption}
          look={look}
          knockedOut={!!stage.end && !noContest && stage.end.winner !== side}
          dimmed={status === 'rolling'}
          moveRef={moveRef}
          pop={pop}
        />
      </div>
      {/* A replay's fighters carry no stats: the row is left out. */}
      {look && !look.stats ? null : (
        <div className="px-3 pt-3 pb-1 sm:px-5">
          <StatList stats={look?.stats ?? null} testId={`${place}-stats`} />
        </div>
      )}
    </section>
  );
}
