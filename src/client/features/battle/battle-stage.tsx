import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { Shield, Sparkles, Sword, Wind } from 'lucide-react';
import { CLASSES, type ClassId, type Stats } from '@common/characters';
import { cn } from '@client/lib/cn';
import { SpriteImage } from '@client/ui/character-sprite';
import { Badge, Card, Progress, type ProgressColor } from '@client/ui';
import type { Side, StageFrame } from './battle-replay';
import { cheer, dodge, hit, lunge, shake } from './battle-motion';
import './battle.css';

export interface StageFighter {
  name: string;
  classId: ClassId;
  level: number;
  stats: Stats;
  /** Asset file of the sprite. */
  sprite: string;
}

export type EnemyStatus = 'loading' | 'rolling' | 'error' | 'ready';

export interface BattleStageProps {
  player: StageFighter | null;
  enemy: StageFighter | null;
  enemyStatus: EnemyStatus;
  frame: StageFrame;
  /** A battle was started and its log has not begun yet. */
  starting: boolean;
  reducedMotion: boolean;
  /** What the right-hand side is called: 'Enemy' in PvE, 'Opponent' in PvP. */
  enemyLabel?: string;
  /** The buttons and status lines under the stage. */
  children?: ReactNode;
}

const FACING: Record<Side, 1 | -1> = { player: 1, enemy: -1 };

function hpColor(hp: number, max: number): ProgressColor {
  const share = max > 0 ? hp / max : 0;
  if (share > 0.5) return 'lime';
  if (share > 0.25) return 'gold';
  return 'danger';
}

const STAT_ROWS = [
  { key: 'attack', label: 'Attack', short: 'ATK', Icon: Sword },
  { key: 'defense', label: 'Defense', short: 'DEF', Icon: Shield },
  { key: 'speed', label: 'Speed', short: 'SPD', Icon: Wind },
  { key: 'magic', label: 'Magic', short: 'MAG', Icon: Sparkles },
] as const;

function StatList({ stats, testId }: { stats: Stats | null; testId: string }) {
  return (
    <dl data-testid={testId} className="grid grid-cols-2 gap-1 xl:grid-cols-4">
      {STAT_ROWS.map(({ key, label, short, Icon }) => (
        <div
          key={key}
          title={label}
          className="flex min-w-0 items-center justify-between gap-1 border-2 border-edge bg-void/60 px-1.5 py-1"
        >
          <dt className="flex items-center gap-1 text-ink-dim">
            <Icon aria-hidden className="size-3.5 shrink-0" />
            <span className="sr-only">{label}</span>
            <span aria-hidden className="font-pixel text-[7px] leading-none sm:text-pixel-2xs">
              {short}
            </span>
          </dt>
          <dd className="font-pixel text-pixel-2xs leading-none text-ink sm:text-pixel-xs">{stats ? stats[key] : '--'}</dd>
        </div>
      ))}
    </dl>
  );
}

interface HudProps {
  side: Side;
  fighter: StageFighter | null;
  hp: number;
  max: number;
  loading: boolean;
  enemyLabel: string;
}

function Hud({ side, fighter, hp, max, loading, enemyLabel }: HudProps) {
  const enemy = side === 'enemy';
  const name = fighter?.name ?? (loading ? 'Summoning...' : '???');
  return (
    <div className={cn('flex min-w-0 flex-col gap-2 px-3 pt-3 pb-3 sm:px-5 sm:pt-4', enemy && 'items-end text-right')}>
      <p className={cn('w-full font-pixel text-pixel-2xs', enemy ? 'text-neon-magenta' : 'text-neon-cyan')}>
        {enemy ? enemyLabel : 'Your fighter'}
      </p>
      <h2
        data-testid={enemy ? 'enemy-name' : 'player-name'}
        className="w-full truncate font-pixel text-pixel-xs leading-normal text-ink sm:text-pixel-sm"
        title={fighter?.name}
      >
        {name}
      </h2>
      <div className={cn('flex min-h-6 flex-wrap items-center gap-1.5', enemy && 'justify-end')}>
        {fighter ? (
          <>
            <Badge variant="gold" data-testid={enemy ? 'enemy-level' : 'player-level'}>
              Lv {fighter.level}
            </Badge>
            <Badge variant={enemy ? 'magenta' : 'cyan'} data-testid={enemy ? 'enemy-class' : 'player-class'}>
              {CLASSES[fighter.classId]?.name ?? fighter.classId}
            </Badge>
          </>
        ) : loading ? (
          <span aria-hidden className="h-6 w-24 bg-panel-3 motion-safe:animate-pulse" />
        ) : (
          <span className="text-base text-ink-dim">{enemy ? 'No enemy yet' : 'No fighter'}</span>
        )}
      </div>
      <div className="flex w-full flex-col gap-1">
        <Progress
          value={fighter ? hp : 0}
          max={max}
          color={hpColor(hp, max)}
          aria-label={`${fighter?.name ?? (enemy ? enemyLabel : 'Fighter')} HP`}
          data-testid={enemy ? 'enemy-hp-bar' : 'player-hp-bar'}
          // Both bars drain away from the middle of the stage, as in arcade fighters.
          className={cn('h-5', !enemy && '-scale-x-100')}
        />
        <p className="font-pixel text-pixel-2xs text-ink-muted">
          HP{' '}
          <span data-testid={enemy ? 'enemy-hp' : 'player-hp'} className="text-ink">
            {fighter ? `${hp}/${max}` : '--'}
          </span>
        </p>
      </div>
    </div>
  );
}

interface PopInfo {
  key: number;
  text: string;
  critical: boolean;
}

function SpriteSlot({
  side,
  fighter,
  knockedOut,
  dimmed,
  moveRef,
  pop,
}: {
  side: Side;
  fighter: StageFighter | null;
  knockedOut: boolean;
  dimmed: boolean;
  moveRef: RefObject<HTMLDivElement | null>;
  pop: PopInfo | null;
}) {
  const enemy = side === 'enemy';
  return (
    <div className={cn('relative z-10 flex h-full items-end pb-[9%]', enemy ? 'justify-start pl-[9%]' : 'justify-end pr-[9%]')}>
      <div className="relative">
        {/* A hard pixel shadow on the floor. */}
        <span aria-hidden className="absolute inset-x-[12%] -bottom-1 h-2.5 bg-black/60" />
        <div ref={moveRef} className="relative">
          <div
            className={cn(knockedOut ? 'battle-ko' : 'hero-bob', dimmed && 'opacity-40')}
            style={{
              animationDelay: enemy ? '-1.2s' : undefined,
              ['--ko-turn' as string]: enemy ? '90deg' : '-90deg',
            }}
          >
            {fighter ? (
              <SpriteImage
                file={fighter.sprite}
                alt={`${fighter.name} (${enemy ? 'enemy' : 'your fighter'})`}
                size={144}
                className="size-24 sm:size-32 lg:size-36"
              />
            ) : (
              <div
                aria-hidden
                className="grid size-24 place-items-center border-4 border-dashed border-edge-bright font-pixel text-pixel-lg text-ink-dim sm:size-32 lg:size-36"
              >
                ?
              </div>
            )}
          </div>
        </div>
        {pop ? (
          <span
            key={pop.key}
            aria-hidden
            className={cn('battle-pop font-pixel', pop.critical ? 'text-pixel-lg text-gold sm:text-pixel-xl' : 'text-pixel-md text-ink sm:text-pixel-lg', pop.text === 'MISS' && 'text-neon-cyan')}
          >
            {pop.text}
          </span>
        ) : null}
      </div>
    </div>
  );
}

/** The arena: both fighters facing each other, their HP, stats and the fight's moves. */
export function BattleStage({ player, enemy, enemyStatus, frame, starting, reducedMotion, enemyLabel = 'Enemy', children }: BattleStageProps) {
  const stageRef = useRef<HTMLDivElement>(null);
  const playerRef = useRef<HTMLDivElement>(null);
  const enemyRef = useRef<HTMLDivElement>(null);

  // Each new log entry plays its move once.
  const { index, attacker, defender, damage, critical, final, winner } = frame;
  useEffect(() => {
    if (reducedMotion || index < 0 || !attacker || !defender) return;
    const refs: Record<Side, HTMLDivElement | null> = { player: playerRef.current, enemy: enemyRef.current };
    const attackerEl = refs[attacker];
    const defenderEl = refs[defender];
    if (final) {
      if (winner && refs[winner]) cheer(refs[winner]);
      return;
    }
    if (attackerEl) lunge(attackerEl, FACING[attacker], critical);
    if (!defenderEl) return;
    if (damage > 0) hit(defenderEl, FACING[defender], critical);
    else dodge(defenderEl, FACING[defender]);
    if (critical && stageRef.current) shake(stageRef.current);
  }, [index, attacker, defender, damage, critical, final, winner, reducedMotion]);

  const pop: PopInfo | null =
    !reducedMotion && index >= 0 && !final && defender
      ? { key: index, text: damage > 0 ? `-${damage}` : 'MISS', critical: critical && damage > 0 }
      : null;

  const banner = winner ? (winner === 'player' ? 'VICTORY!' : 'DEFEAT') : starting ? 'FIGHT!' : null;
  const enemyLoading = enemyStatus === 'loading' || enemyStatus === 'rolling';

  return (
    <Card accent="cyan" className="overflow-hidden" data-testid="battle-stage">
      <div ref={stageRef} className="grid grid-cols-2 grid-rows-[auto_auto_auto]">
        {/* The backdrop spans both fighters' rows. */}
        <div aria-hidden className="battle-sky relative col-span-2 col-start-1 row-start-2 overflow-hidden border-y-4 border-edge">
          <div className="battle-floor absolute inset-x-[-30%] bottom-0 h-[30%]" />
        </div>
        <div
          aria-hidden
          className="pointer-events-none col-span-2 col-start-1 row-start-2 flex items-center justify-center self-center"
        >
          {banner ? null : (
            <span className="glitch font-pixel text-pixel-md text-ink/80 sm:text-pixel-xl" data-text="VS">
              VS
            </span>
          )}
        </div>

        <section
          aria-label="Your fighter"
          data-testid="player-fighter"
          className="col-start-1 row-span-3 row-start-1 grid min-w-0 grid-rows-subgrid"
        >
          <Hud side="player" fighter={player} hp={frame.playerHp} max={frame.playerMax} loading={false} enemyLabel={enemyLabel} />
          <div className="h-40 sm:h-52 lg:h-60">
            <SpriteSlot
              side="player"
              fighter={player}
              knockedOut={winner === 'enemy'}
              dimmed={false}
              moveRef={playerRef}
              pop={pop && defender === 'player' ? pop : null}
            />
          </div>
          <div className="px-3 pt-3 pb-1 sm:px-5">
            <StatList stats={player?.stats ?? null} testId="player-stats" />
          </div>
        </section>

        <section
          aria-label={enemyLabel}
          aria-busy={enemyLoading}
          data-testid="enemy-panel"
          className="col-start-2 row-span-3 row-start-1 grid min-w-0 grid-rows-subgrid"
        >
          <Hud
            side="enemy"
            fighter={enemyStatus === 'loading' ? null : enemy}
            hp={frame.enemyHp}
            max={frame.enemyMax}
            loading={enemyLoading}
            enemyLabel={enemyLabel}
          />
          <div className="h-40 sm:h-52 lg:h-60">
            <SpriteSlot
              side="enemy"
              fighter={enemyStatus === 'loading' ? null : enemy}
              knockedOut={winner === 'player'}
              dimmed={enemyStatus === 'rolling'}
              moveRef={enemyRef}
              pop={pop && defender === 'enemy' ? pop : null}
            />
          </div>
          <div className="px-3 pt-3 pb-1 sm:px-5">
            <StatList stats={enemyStatus === 'loading' ? null : (enemy?.stats ?? null)} testId="enemy-stats" />
          </div>
        </section>

        {banner ? (
          <div
            aria-hidden
            className="pointer-events-none z-20 col-span-2 col-start-1 row-start-2 flex items-start justify-center pt-3 sm:pt-4"
          >
            <span
              key={banner}
              className={cn(
                'battle-banner font-pixel text-pixel-lg sm:text-pixel-2xl',
                banner === 'VICTORY!' ? 'text-neon-lime' : banner === 'DEFEAT' ? 'text-danger' : 'text-gold',
              )}
            >
              {banner}
            </span>
          </div>
        ) : null}
      </div>
      {children}
    </Card>
  );
}
