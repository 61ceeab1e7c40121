import type { ReactNode } from 'react';
import { Coins, Store, Users } from 'lucide-react';
import { formatCredits } from '@common/constants';
import type { MarketStatsView } from '@common/economy-api';
import { cn } from '@client/lib/cn';

interface StatTileProps {
  label: string;
  icon: ReactNode;
  value: ReactNode;
  unit?: string;
  /** Border and text colour of the icon; the tile's top edge on phones. */
  tone: { frame: string; text: string; edge: string };
  testId: string;
}

function StatTile({ label, icon, value, unit, tone, testId }: StatTileProps) {
  return (
    <li
      className={cn(
        'flex min-w-0 items-start gap-3 border-2 border-t-4 border-edge bg-panel px-2.5 py-2.5 shadow-hard-sm',
        'sm:items-center sm:border-t-2 sm:border-t-edge sm:px-4 sm:py-3',
        tone.edge,
      )}
    >
      <span
        aria-hidden
        className={cn('hidden size-10 shrink-0 place-items-center border-2 bg-void sm:grid [&_svg]:size-5', tone.frame, tone.text)}
      >
        {icon}
      </span>
      <div className="flex min-w-0 flex-1 flex-col justify-between gap-1.5 self-stretch">
        <p className="font-pixel text-pixel-2xs leading-normal text-ink-muted uppercase">{label}</p>
        <p className="flex flex-wrap items-baseline gap-x-1.5 gap-y-1 text-xl leading-none text-ink tabular-nums sm:text-2xl">
          <span data-testid={testId}>{value}</span>
          {unit ? <span className="text-base text-ink-dim">{unit}</span> : null}
        </p>
      </div>
    </li>
  );
}

export interface StatsStripProps {
  stats: MarketStatsView | undefined;
  /** True until the first answer; false with no stats means the call failed. */
  loading: boolean;
}

/** Active listings, total volume traded and active buyers of the last 7 days. */
export function StatsStrip({ stats, loading }: StatsStripProps) {
  const show = (n: number | undefined, format: (n: number) => string = String) =>
    n === undefined ? (loading ? '...' : '—') : format(n);
  return (
    <section aria-label="Market statistics" className="mb-6">
      <ul className="grid grid-cols-3 gap-2 sm:gap-3" data-testid="market-stats" aria-busy={loading}>
        <StatTile
          label="Active Listings"
          icon={<Store />}
          tone={{ frame: 'border-neon-cyan', text: 'text-neon-cyan', edge: 'border-t-neon-cyan' }}
          value={show(stats?.totalListings)}
          testId="stat-total-listings"
        />
        <StatTile
          label="Total Volume"
          icon={<Coins />}
          tone={{ frame: 'border-gold', text: 'text-gold', edge: 'border-t-gold' }}
          value={show(stats?.totalVolume, formatCredits)}
          unit="credits"
          testId="stat-total-volume"
        />
        <StatTile
          label={'Active Buyers (7\u00a0days)'}
          icon={<Users />}
          tone={{ frame: 'border-neon-magenta', text: 'text-neon-magenta', edge: 'border-t-neon-magenta' }}
          value={show(stats?.activeBuyers)}
          testId="stat-active-buyers"
        />
      </ul>
    </section>
  );
}
