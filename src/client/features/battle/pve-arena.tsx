import { useRef } from 'react';
import { fairStartLeft } from '@common/game-rules';
import type { CharacterView } from '@common/game-api';
import { BattleStage } from '@client/entities/battle/battle-stage';
import { characterLook, enemyLook } from '@client/entities/battle/fighter-look';
import { emptyStage } from '@client/entities/battle/stage-state';
import { BattleControls } from './battle-controls';
import { CooldownSuggestions } from './cooldown-suggestions';
import type { useBattle } from './use-battle';

export interface PveArenaProps {
  battle: ReturnType<typeof useBattle>;
  /** The fighter picked to fight next. */
  selected: CharacterView | null;
  cooldownMs: number;
  reducedMotion: boolean;
}

/** The stage with the fight on it (or the picked fighter facing the enemy), and its controls. */
export function PveArena({ battle, selected, cooldownMs, reducedMotion }: PveArenaProps) {
  const stageRef = useRef<HTMLDivElement>(null);
  const { enemyQuery, onStage, fighting, settling } = battle;
  const enemy = onStage?.result.enemy ?? battle.enemy;
  const fighter = onStage?.fighter ?? selected;
  // Once the outcome shows, the header shows the level it reached (the fight's HP and stats stay).
  const fighterLook = fighter ? characterLook(fighter) : null;
  const look = fighterLook && onStage?.done ? { ...fighterLook, level: onStage.result.character.level } : fighterLook;

  // A first roll summons the enemy; New Enemy dims the old one; a failed roll leaves '???'.
  let rightStatus: 'loading' | 'rolling' | 'ready' = 'ready';
  if (!onStage) {
    if (!enemy && enemyQuery.isFetching) rightStatus = 'loading';
    else if (enemyQuery.isFetching) rightStatus = 'rolling';
    else if (!enemy && !enemyQuery.isError) rightStatus = 'loading';
  }
  const enemyLoading = rightStatus !== 'ready';
  const busy = fighting || settling;

  return (
    <div ref={stageRef} className="min-w-0 scroll-mt-32 lg:col-start-1 lg:row-span-2 lg:row-start-1">
      <BattleStage
        stage={onStage ? battle.stage : emptyStage}
        looks={[look, enemy ? enemyLook(enemy) : null]}
        left={0}
        captions={['Your fighter', 'Enemy']}
        viewer="fighter"
        rightStatus={rightStatus}
        starting={battle.starting}
        reducedMotion={reducedMotion}
      >
        <BattleControls
          canStart={!!selected && !!enemy && !busy && !enemyLoading && cooldownMs === 0}
          canRollEnemy={!busy && !enemyQuery.isFetching}
          onStart={() => {
            // Bring the whole stage into view, so HP bars and moves are seen on a phone too.
            if (stageRef.current) bringStageIntoView(stageRef.current, reducedMotion);
            battle.start(selected, enemy);
          }}
          onNewEnemy={battle.newEnemy}
          threat={battle.threat}
          onPickThreat={battle.pickThreat}
          fairStartLeft={selected ? fairStartLeft(selected) : 0}
          busy={busy}
          canSkip={battle.canSkip}
          onSkip={battle.skip}
          hasFighter={!!selected}
          hasEnemy={!!enemy}
          fighting={fighting}
          settling={settling}
          enemyLoading={enemyLoading}
          cooldownMs={cooldownMs}
          outcome={battle.outcome}
          currentLine={onStage ? (battle.stage.log.at(-1)?.text ?? null) : null}
        />
      </BattleStage>
      {cooldownMs > 0 && !fighting && selected ? <CooldownSuggestions cooldownMs={cooldownMs} /> : null}
    </div>
  );
}

/** How much of the stage's top (its captions) may go under the bar so that Skip is in view too. */
const CAPTIONS_PX = 40;

/**
 * The stage under the top bar (its scroll margin), as `scrollIntoView({ block: 'nearest' })`
 * would put it; where the stage is a little taller than the window (1280×800), a little further,
 * so the fight's line and Skip below it are not cut off at the window's edge.
 */
function bringStageIntoView(stage: HTMLElement, reducedMotion: boolean): void {
  const margin = parseFloat(getComputedStyle(stage).scrollMarginTop) || 0;
  const box = stage.getBoundingClientRect();
  const outcome = stage.querySelector('[data-testid="battle-outcome"]')?.getBoundingClientRect() ?? box;
  const view = window.innerHeight;
  if (box.top >= margin && outcome.bottom <= view) return;
  let by = box.top - margin;
  if (outcome.bottom - by > view) by = Math.min(outcome.bottom - view + 8, by + CAPTIONS_PX);
  window.scrollBy({ top: by, behavior: reducedMotion ? 'auto' : 'smooth' });
}
