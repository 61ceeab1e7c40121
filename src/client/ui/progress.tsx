import type { ComponentProps } from 'react';
import { cn } from '@client/lib/cn';

export type ProgressColor = 'cyan' | 'magenta' | 'lime' | 'gold' | 'danger';

const colors: Record<ProgressColor, string> = {
  cyan: 'bg-neon-cyan',
  magenta: 'bg-neon-magenta',
  lime: 'bg-neon-lime',
  gold: 'bg-gold',
  danger: 'bg-danger',
};

export interface ProgressProps extends Omit<ComponentProps<'div'>, 'children'> {
  value: number;
  max?: number;
  color?: ProgressColor;
}

/**
 * A segmented pixel bar (experience, HP, timers). Give it an aria-label. A `progressbar` with the
 * attributes Radix's Progress gave it (its percentage as the spoken value unless `aria-valuetext`
 * says more), without its code: the bar is on every battle screen's first load.
 */
export function Progress({ value, max = 100, color = 'cyan', className, ...props }: ProgressProps) {
  const safeMax = max > 0 ? max : 1;
  const clamped = Math.min(Math.max(Number.isFinite(value) ? value : 0, 0), safeMax);
  const percent = (clamped / safeMax) * 100;
  const state = clamped === safeMax ? 'complete' : 'loading';
  return (
    <div
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={safeMax}
      aria-valuenow={clamped}
      aria-valuetext={`${Math.round(percent)}%`}
      data-state={state}
      data-value={clamped}
      data-max={safeMax}
      className={cn('relative h-4 w-full overflow-hidden border-2 border-edge-bright bg-void', className)}
      {...props}
    >
      <div
        data-state={state}
        className={cn('h-full transition-[width] duration-300 ease-out motion-reduce:transition-none', colors[color])}
        style={{ width: `${percent}%` }}
      />
      <span
        aria-hidden
        className="pointer-events-none absolute inset-0 bg-[repeating-linear-gradient(to_right,transparent_0_6px,rgb(7_7_13/0.55)_6px_8px)]"
      />
    </div>
  );
}
