import { useRef, useState } from 'react';
import { Swords } from 'lucide-react';
import { PVE_COOLDOWN_MS } from '@common/constants';
import type { CharacterView, EnemyView } from '@common/game-api';
import { avatarSpriteFile } from '@common/sprite-files';
import { PageHeader } from '@client/ui';
import { BattleControls } from './battle-controls';
import { BattleLog } from './battle-log';
import { frameAt, idleFrame, maxHpOf } from './battle-replay';
import { BattleStage, type EnemyStatus, type StageFighter } from './battle-stage';
import { BattleTips } from './battle-tips';
import { FighterPicker } from './fighter-picker';
import { characterGate } from '@client/app/character-gate';
import { useBattle } from './use-battle';
import { useCooldown } from './use-cooldown';
import { useMyCharacters } from './use-my-characters';
import { useReducedMotion } from './use-reduced-motion';

function playerFighter(c: CharacterView): StageFighter {
  return {
    name: c.name,
    classId: c.class,
    level: c.level,
    stats: c.stats,
    sprite: avatarSpriteFile(c.characterAvatar, c.imageSet),
  };
}

function enemyFighter(e: EnemyView): StageFighter {
  return { name: e.name, classId: e.class, level: e.level, stats: e.stats, sprite: e.sprite };
}

function Header() {
  return (
    <PageHeader
      title="Battle Arena"
      subtitle="Fight glitched enemies for experience and credits"
      icon={<Swords />}
    />
  );
}

/** PvE battles (SPEC §2, §4): pick a fighter, face a rolled enemy, watch the fight replayed. */
export function BattlePage() {
  const chars = useMyCharacters();
  const { characters } = chars;
  const [chosenId, setChosenId] = useState<number | null>(null);
  const reducedMotion = useReducedMotion();
  const stageRef = useRef<HTMLDivElement>(null);
  const battle = useBattle({ enabled: characters.length > 0 });

  // The chosen fighter, else the first one free to fight (characters come best first).
  const selected =
    characters.find((c) => c.id === chosenId && c.listing === null) ?? characters.find((c) => c.listing === null) ?? null;
  const cooldownMs = useCooldown(selected?.lastBattleAt, PVE_COOLDOWN_MS);

  const gate = characterGate(chars, {
    header: <Header />,
    authMessage: 'You need to be logged in to battle',
    emptyMessage: 'You need a fighter before you can enter the battle arena.',
  });
  if (gate) return gate;

  const { enemyQuery, replay, fighting, settling } = battle;
  const enemy = replay?.result.enemy ?? battle.enemy;
  const stagePlayer = replay ? replay.fighter : selected;

  const frame = replay
    ? frameAt(
        replay.result.battleLog,
        replay.shown,
        maxHpOf(replay.fighter),
        maxHpOf(replay.result.enemy),
        replay.result.result,
      )
    : idleFrame(selected ? maxHpOf(selected) : 1, enemy ? maxHpOf(enemy) : 1);

  let enemyStatus: EnemyStatus = 'ready';
  if (!replay) {
    if (!enemy && enemyQuery.isFetching) enemyStatus = 'loading';
    else if (enemyQuery.isFetching) enemyStatus = 'rolling';
    else if (!enemy) enemyStatus = enemyQuery.isError ? 'error' : 'loading';
  }
  const enemyLoading = enemyStatus === 'loading' || enemyStatus === 'rolling';
  const busy = fighting || settling;

  return (
    <>
      <Header />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <div className="min-w-0 lg:col-start-2 lg:row-start-1">
          <FighterPicker
            characters={characters}
            selectedId={selected?.id ?? null}
            onSelect={setChosenId}
            disabled={busy}
          />
        </div>
        <div ref={stageRef} className="min-w-0 scroll-mt-32 lg:col-start-1 lg:row-span-2 lg:row-start-1">
          <BattleStage
            player={stagePlayer ? playerFighter(stagePlayer) : null}
            enemy={enemy ? enemyFighter(enemy) : null}
            enemyStatus={enemyStatus}
            frame={frame}
            starting={battle.fighting && !replay}
            reducedMotion={reducedMotion}
          >
            <BattleControls
              canStart={!!selected && !!enemy && !busy && !enemyLoading && cooldownMs === 0}
              canRollEnemy={!busy && !enemyQuery.isFetching}
              onStart={() => {
                // Bring the whole stage into view, so HP bars and moves are seen on a phone too.
                stageRef.current?.scrollIntoView({ block: 'nearest', behavior: reducedMotion ? 'auto' : 'smooth' });
                battle.start(selected, enemy);
              }}
              onNewEnemy={battle.newEnemy}
              hasFighter={!!selected}
              hasEnemy={!!enemy}
              fighting={fighting}
              settling={settling}
              enemyLoading={enemyLoading}
              cooldownMs={cooldownMs}
              outcome={battle.outcome}
              currentLine={frame.entry?.message ?? null}
            />
          </BattleStage>
        </div>
        {/* On wide screens the log fills the height beside the stage and scrolls, never growing the page. */}
        <div className="min-w-0 lg:relative lg:col-start-2 lg:row-start-2 lg:min-h-80 lg:self-stretch">
          <BattleLog lines={battle.log} reducedMotion={reducedMotion} className="lg:absolute lg:inset-0" />
        </div>
        <div className="min-w-0 lg:col-span-2">
          <BattleTips />
        </div>
      </div>
    </>
  );
}
