import type { ReactNode } from 'react';
import { Anvil, Coins, Lightbulb, Star } from 'lucide-react';
import { formatCredits } from '@common/constants';
import { cn } from '@client/lib/cn';
import { PageHeader } from '@client/ui';
import { ADVISED_FORGE_LEVEL, FORGE_TIP } from './forge-rules';

function Stat({ icon, label, value, className, testId }: { icon: ReactNode; label: string; value: ReactNode; className: string; testId: string }) {
  return (
    <div className="flex min-w-[8.5rem] items-center gap-3 border-2 border-edge bg-panel-2 px-3 py-2 shadow-hard-sm" data-testid={testId}>
      <span aria-hidden className={cn('[&_svg]:size-5', className)}>
        {icon}
      </span>
      <span className="flex flex-col">
        <span className="font-pixel text-pixel-2xs text-ink-dim uppercase">{label}</span>
        <span className={cn('font-pixel text-pixel-sm leading-normal', className)}>{value}</span>
      </span>
    </div>
  );
}

export interface ForgeHeaderProps {
  credits: number | null | undefined;
  /** The character's level; null while unknown or when there is no character. */
  level: number | null;
}

/** Title, the player's credits and the character's level, and the forging tip. */
export function ForgeHeader({ credits, level }: ForgeHeaderProps) {
  const early = level !== null && level < ADVISED_FORGE_LEVEL;
  return (
    <>
      <PageHeader
        title="Forge"
        subtitle="Forge equipment sets and change your style"
        icon={<Anvil />}
        className="mb-5"
        actions={
          <>
            <Stat icon={<Coins />} label="Credits" value={formatCredits(credits)} className="text-gold" testId="forge-credits" />
            <Stat
              icon={<Star />}
              label="Level"
              value={level === null ? '--' : level}
              className="text-neon-cyan"
              testId="forge-level"
            />
          </>
        }
      />
      <p
        className={cn(
          'mb-6 flex items-start gap-3 border-2 border-dashed px-3 py-2 text-base',
          early ? 'border-gold/70 bg-gold/10 text-ink' : 'border-edge bg-panel/60 text-ink-muted',
        )}
        data-testid="forge-tip"
      >
        <Lightbulb aria-hidden className={cn('mt-0.5 size-5 shrink-0', early ? 'text-gold' : 'text-neon-lime')} />
        <span>
          <span className="font-pixel text-pixel-2xs text-gold uppercase">Tip: </span>
          {FORGE_TIP}.
          {early ? <span className="text-gold"> Your fighter is level {level}.</span> : null}
        </span>
      </p>
    </>
  );
}
