import type { ReactNode } from 'react';
import { cn } from '@client/lib/cn';

export interface StatTileProps {
  label: string;
  value: ReactNode;
  icon?: ReactNode;
  /** Text colour of the value. */
  tone?: string;
  /** 'sm' for dense headers, 'md' for cards with room. */
  size?: 'sm' | 'md';
  testId?: string;
}

/** One figure in a `<dl>` grid: a small uppercase label over a big pixel value. */
export function StatTile({ label, value, icon, tone = 'text-ink', size = 'md', testId }: StatTileProps) {
  return (
    <div
      className={cn(
        'flex min-w-0 flex-col justify-between border-2 border-edge bg-void/60',
        size === 'sm' ? 'gap-1.5 px-2 py-2 sm:px-2.5' : 'gap-2 px-3 py-2.5',
      )}
    >
      <dt className="flex items-start gap-1.5 font-pixel text-pixel-2xs text-ink-muted uppercase [&_svg]:size-3.5 [&_svg]:shrink-0">
        {icon}
        <span className="min-w-0">{label}</span>
      </dt>
      <dd className={cn('font-pixel leading-none tabular-nums', size === 'sm' ? 'text-pixel-sm' : 'text-pixel-md', tone)} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
