import type { Stats } from '@common/classes';
import { cn } from '@client/lib/cn';
import { STAT_INFO } from './character-info';

/** The four stats of a fighter as small labelled tiles. */
export function StatGrid({ stats, wide = true, className }: { stats: Stats; wide?: boolean; className?: string }) {
  return (
    // One column on a window narrower than 15rem (a phone at 200 % zoom), where two would not fit.
    <dl className={cn('grid grid-cols-1 gap-2 min-[15rem]:grid-cols-2', wide && 'sm:grid-cols-4', className)}>
      {STAT_INFO.map(({ key, label, icon: Icon, color }) => (
        <div key={key} className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 border-2 border-edge bg-void/60 px-2.5 py-1.5" data-testid={`stat-${key}`}>
          <Icon aria-hidden className={cn('size-4 shrink-0', color)} />
          <dt className="font-pixel text-pixel-2xs text-ink-muted uppercase">{label}</dt>
          <dd className="ml-auto font-pixel text-pixel-xs text-ink">{stats[key]}</dd>
        </div>
      ))}
    </dl>
  );
}
