import { Shield, Sparkles, Sword, Wind } from 'lucide-react';
import type { Stats } from '@common/classes';

const STAT_ROWS = [
  { key: 'attack', label: 'Attack', short: 'ATK', Icon: Sword },
  { key: 'defense', label: 'Defense', short: 'DEF', Icon: Shield },
  { key: 'speed', label: 'Speed', short: 'SPD', Icon: Wind },
  { key: 'magic', label: 'Magic', short: 'MAG', Icon: Sparkles },
] as const;

/** A fighter's four stats under its sprite ('--' while unknown). */
export function StatList({ stats, testId }: { stats: Stats | null; testId: string }) {
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
