import { Shield } from 'lucide-react';
import { CLASSES } from '@common/classes';
import type { Threat } from '@common/game-rules';
import { cn } from '@client/lib/cn';
import { Badge, Progress, type ProgressColor } from '@client/ui';
import type { FighterLook } from './fighter-look';
import { RatingBadge } from './rating-badge';

/** The left of the stage is the viewer's fighter ('player' test ids), the right the other ('enemy'). */
export type StagePlace = 'player' | 'enemy';

const THREAT_BADGES: Record<Threat, 'lime' | 'gold' | 'danger'> = { Low: 'lime', Even: 'gold', High: 'danger' };

function hpColor(hp: number, max: number): ProgressColor {
  const share = max > 0 ? hp / max : 0;
  if (share > 0.5) return 'lime';
  if (share > 0.25) return 'gold';
  return 'danger';
}

export interface HudProps {
  place: StagePlace;
  caption: string;
  look: FighterLook | null;
  hp: number;
  max: number;
  loading: boolean;
  /** This side moves next. */
  moving: boolean;
  /** Braced: the next hit is halved. */
  defending: boolean;
}

/** A side's caption, name, level, class, rating and HP bar. */
export function Hud({ place, caption, look, hp, max, loading, moving, defending }: HudProps) {
  const right = place === 'enemy';
  return (
    <div className={cn('flex min-w-0 flex-col gap-2 px-3 pt-3 pb-3 sm:px-5 sm:pt-4', right && 'items-end text-right')}>
      <p data-testid={`${place}-caption`} className={cn('w-full truncate font-pixel text-pixel-2xs', moving ? 'text-neon-lime' : right ? 'text-neon-magenta' : 'text-neon-cyan')}>
        {moving ? (
          <span data-testid={`${place}-to-move`} className="mr-1 motion-safe:animate-pulse">
            ▶<span className="sr-only"> to move:</span>
          </span>
        ) : null}
        {caption}
      </p>
      {/* Two lines kept for the name on a phone (so the stage does not jump between a short and a long one), one from sm up. */}
      <h2 data-testid={`${place}-name`} className="line-clamp-2 min-h-[2lh] w-full font-pixel text-pixel-xs leading-normal text-ink wrap-anywhere sm:line-clamp-1 sm:min-h-0 sm:text-pixel-sm" title={look?.name}>
        {look?.name ?? (loading ? 'Summoning...' : '???')}
      </h2>
      <div className={cn('flex min-h-6 flex-wrap items-center gap-1.5', right && 'justify-end')}>
        {look ? (
          <>
            <Badge variant="gold" data-testid={`${place}-level`}>
              Lv {look.level}
            </Badge>
            <Badge variant={right ? 'magenta' : 'cyan'} data-testid={`${place}-class`}>
              {CLASSES[look.classId]?.name ?? look.classId}
            </Badge>
            {look.threat ? (
              <Badge variant={THREAT_BADGES[look.threat] ?? 'default'} data-testid={`${place}-threat`} data-threat={look.threat}>
                Threat: {look.threat}
              </Badge>
            ) : null}
            {look.rating ? <RatingBadge rating={look.rating} testId={`${place}-rating`} /> : null}
            {defending ? (
              <Badge variant="cyan" data-testid={`${place}-defending`}>
                <Shield aria-hidden />
                Braced
              </Badge>
            ) : null}
          </>
        ) : loading ? (
          <span aria-hidden className="h-6 w-24 bg-panel-3 motion-safe:animate-pulse" />
        ) : (
          <span className="text-base text-ink-dim">{right ? 'No enemy yet' : 'No fighter'}</span>
        )}
      </div>
      <div className="flex w-full flex-col gap-1">
        <Progress
          value={look ? hp : 0}
          max={max}
          color={hpColor(hp, max)}
          aria-label={`${look?.name ?? caption} HP`}
          data-testid={`${place}-hp-bar`}
          // Both bars drain away from the middle of the stage, as in arcade fighters.
          className={cn('h-5', !right && '-scale-x-100')}
        />
        <p className="font-pixel text-pixel-2xs text-ink-muted">
          HP{' '}
          <span data-testid={`${place}-hp`} className="text-ink">
            {look ? `${hp}/${max}` : '--'}
          </span>
        </p>
      </div>
    </div>
  );
}
