import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { Clock, Dices, FastForward, Lightbulb, Shield, Sparkles, Swords } from 'lucide-react';
import { formatCooldown } from '@common/current-character';
import { cn } from '@client/lib/cn';
import { Button } from '@client/ui';
import { WatchReplayLink } from '@client/entities/battle/watch-replay-link';
import type { Outcome } from './pve-result';
import { NO_CHARACTER_TEXT } from './use-battle';
import type { ThreatChoice } from './use-enemy';
import { ThreatPicker } from './threat-picker';

export interface BattleControlsProps {
  canStart: boolean;
  canRollEnemy: boolean;
  onStart: () => void;
  onNewEnemy: () => void;
  threat: ThreatChoice | null;
  onPickThreat: (threat: ThreatChoice) => void;
  /** Fights left of the fighter's fair start (the threat is picked for it until then). */
  fairStartLeft: number;
  /** No new enemy while a fight is shown. */
  busy: boolean;
  /** A fought battle is being shown: Skip jumps to its outcome. */
  canSkip: boolean;
  onSkip: () => void;
  hasFighter: boolean;
  hasEnemy: boolean;
  fighting: boolean;
  enemyLoading: boolean;
  /** Between the outcome and the next enemy. */
  settling: boolean;
  cooldownMs: number;
  outcome: Outcome | null;
  /** The newest log entry of the fight being replayed. */
  currentLine: string | null;
}

type StatusProps = Pick<BattleControlsProps, 'hasFighter' | 'hasEnemy' | 'fighting' | 'settling' | 'enemyLoading' | 'cooldownMs'>;

function StatusText({ hasFighter, hasEnemy, fighting, settling, enemyLoading, cooldownMs }: StatusProps) {
  if (fighting) return <span className="text-neon-cyan">Battle in progress...</span>;
  if (settling) return <span className="text-neon-magenta">Next enemy incoming...</span>;
  if (!hasFighter) return <span className="text-gold">{NO_CHARACTER_TEXT}</span>;
  if (cooldownMs > 0) {
    return (
      <span data-testid="battle-cooldown" className="flex items-center gap-2 text-gold">
        <Clock aria-hidden className="size-4 shrink-0" />
        <span>
          Cooldown: <span data-testid="battle-cooldown-time">{formatCooldown(cooldownMs)}</span>
        </span>
      </span>
    );
  }
  if (enemyLoading) return <span className="text-ink-muted">Summoning an enemy...</span>;
  if (!hasEnemy) return <span className="text-[#ff8a95]">No enemy: try New Enemy</span>;
  return <span className="text-neon-lime">Ready to fight!</span>;
}

/** After a fighter's first defeat: the gear shop is the way forward. */
function FirstDefeatTip() {
  return (
    <div data-testid="first-defeat-tip" className="flex flex-wrap items-center gap-x-3 gap-y-2 border-2 border-gold/70 bg-gold/10 px-3 py-2">
      <Lightbulb aria-hidden className="size-5 shrink-0 text-gold" />
      <p className="min-w-0 flex-1 basis-56 text-lg leading-tight text-ink">
        <span className="text-gold">First defeat? Gear up.</span> A fighter without gear struggles: common gear from the shop turns most fights
        around.
      </p>
      <Button asChild size="sm" variant="secondary">
        <Link href="/equipment" data-testid="first-defeat-shop-link">
          <Shield aria-hidden />
          Visit the gear shop
        </Link>
      </Button>
    </div>
  );
}

/** Start Battle, New Enemy, the threat, the cooldown or readiness, then the result line. */
export function BattleControls(props: BattleControlsProps) {
  const { canStart, canRollEnemy, onStart, onNewEnemy, threat, onPickThreat, busy, canSkip, onSkip, outcome, fighting, currentLine } = props;
  // Start Battle is disabled by the fight it starts, and Skip goes away with the replay: the
  // keyboard waits on the fight's outcome area, then lands on the result (unless it moved on).
  const outcomeRef = useRef<HTMLDivElement>(null);
  const resultRef = useRef<HTMLParagraphElement>(null);
  const awaited = useRef(false);
  useEffect(() => {
    if (!outcome || !awaited.current) return;
    awaited.current = false;
    const active = document.activeElement;
    if (active === document.body || active === null || outcomeRef.current?.contains(active)) resultRef.current?.focus();
  }, [outcome]);
  const start = () => {
    awaited.current = true;
    onStart();
    outcomeRef.current?.focus({ preventScroll: true });
  };
  return (
    <div className="flex flex-col gap-3 border-t-4 border-edge p-3 sm:p-5">
      {/* The buttons first: Start Battle stays on the first screen, on a phone too. */}
      <div className="flex flex-wrap items-center gap-x-3 gap-y-3">
        <Button size="lg" onClick={start} disabled={!canStart} data-testid="start-battle" className="grow sm:grow-0">
          <Swords aria-hidden />
          Start Battle
        </Button>
        <Button variant="secondary" onClick={onNewEnemy} disabled={!canRollEnemy} data-testid="new-enemy" className="grow sm:grow-0">
          <Dices aria-hidden />
          New Enemy
        </Button>
        <ThreatPicker value={threat} onPick={onPickThreat} disabled={busy} fairStartLeft={props.fairStartLeft} />
        {/* Skip beside the fight's status, in view with the stage on a phone too: the line under it gets the whole width. */}
        <div className="flex min-h-9 w-full items-center justify-between gap-3">
          <p className="flex items-center font-pixel text-pixel-2xs leading-relaxed sm:text-pixel-xs">
            <StatusText {...props} />
          </p>
          {!outcome && fighting && canSkip ? (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => {
                awaited.current = true;
                onSkip();
              }}
              data-testid="skip-battle"
              className="shrink-0"
            >
              <FastForward aria-hidden />
              Skip
            </Button>
          ) : null}
        </div>
      </div>
      <div ref={outcomeRef} tabIndex={-1} role="status" data-testid="battle-outcome" className="flex min-h-14 flex-wrap items-center gap-x-4 gap-y-1">
        {outcome ? (
          <>
            <p
              ref={resultRef}
              tabIndex={-1}
              data-testid="battle-result"
              data-result={outcome.result}
              className={cn(
                'font-pixel text-pixel-xs leading-relaxed sm:text-pixel-sm',
                outcome.result === 'victory' ? 'text-neon-lime' : 'text-danger',
              )}
            >
              {outcome.line}
              {/* Read aloud, the level-up that follows is a sentence of its own. */}
              {outcome.levelsGained > 0 ? <span className="sr-only">.</span> : null}
            </p>
            {outcome.levelsGained > 0 ? (
              <p
                data-testid="battle-level-up"
                className="level-up-burst flex items-center gap-2 border-2 border-gold bg-gold/10 px-2 py-1 font-pixel text-pixel-xs text-gold sm:text-pixel-sm"
              >
                <Sparkles aria-hidden className="size-4" />
                LEVEL UP! <span className="text-ink">Now level {outcome.level}.</span>
              </p>
            ) : null}
            <WatchReplayLink replayId={outcome.replayId} />
          </>
        ) : fighting ? (
          // The log reads each line out already: this caption is for the eyes only. Never cut: a
          // critical hit between two 20-letter names takes four lines on a phone. Three lines are
          // kept there whatever the line, so the stage does not jump with each one.
          <p aria-hidden className="min-h-[3lh] min-w-0 flex-1 text-lg text-ink sm:min-h-0" data-testid="battle-current-line">
            {currentLine ?? 'Get ready...'}
          </p>
        ) : (
          <p className="text-lg text-ink-muted">Pick your fighter, size up the enemy and press Start Battle.</p>
        )}
      </div>
      {outcome?.firstDefeat ? <FirstDefeatTip /> : null}
    </div>
  );
}
