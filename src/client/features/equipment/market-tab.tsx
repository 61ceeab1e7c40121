import { useMemo, useState } from 'react';
import { Coins, Database, PackageOpen } from 'lucide-react';
import { formatCredits } from '@common/constants';
import { SLOTS, type Slot } from '@common/gear';
import type { OwnedEquipmentView } from '@common/economy-api';
import type { CharacterView } from '@common/game-api';
import { cn } from '@client/lib/cn';
import { Button } from '@client/ui';
import { LoadFailed } from './gear-tab';
import { ItemCardSkeletons } from './item-card';
import { slotLabel, sortForSale } from './equipment-rules';
import { markOf, ownedMarks } from './shop-marks';
import { ShopItem } from './shop-item';
import { slotIcon } from './slot-icons';
import { useBuyEquipment, useEquipmentMarket, useSeedDatabase } from './use-equipment';

type SlotFilter = Slot | 'all';

function SlotFilterBar({ value, onChange, counts }: { value: SlotFilter; onChange: (v: SlotFilter) => void; counts: Map<SlotFilter, number> }) {
  const options: SlotFilter[] = ['all', ...SLOTS];
  return (
    <div role="group" aria-label="Filter by slot" className="-mx-1 flex gap-2 overflow-x-auto px-1 pt-1 pb-2">
      {options.map((opt) => {
        const Icon = opt === 'all' ? PackageOpen : slotIcon(opt);
        const active = value === opt;
        return (
          <button
            key={opt}
            type="button"
            aria-pressed={active}
            onClick={() => onChange(opt)}
            data-testid={`market-filter-${opt}`}
            className={cn(
              'inline-flex shrink-0 cursor-pointer items-center gap-1.5 border-2 px-2.5 py-1.5 font-pixel text-pixel-2xs uppercase',
              active
                ? 'border-neon-cyan bg-neon-cyan/15 text-neon-cyan'
                : 'border-edge bg-void/60 text-ink-muted hover:border-edge-bright hover:text-ink',
            )}
          >
            <Icon aria-hidden className={opt === 'all' ? 'size-3.5' : 'size-3'} />
            {opt === 'all' ? 'All' : slotLabel(opt)}
            <span className="text-ink-dim">{counts.get(opt) ?? 0}</span>
          </button>
        );
      })}
    </div>
  );
}

export interface MarketTabProps {
  character: CharacterView;
  credits: number | null;
  owned: OwnedEquipmentView[] | undefined;
}

/** Gear for sale: buy for the current character; plus the Seed Database button. */
export function MarketTab({ character, credits, owned }: MarketTabProps) {
  const market = useEquipmentMarket();
  const buy = useBuyEquipment();
  const seed = useSeedDatabase();
  const [filter, setFilter] = useState<SlotFilter>('all');

  const items = useMemo(() => sortForSale(market.data ?? []), [market.data]);
  const counts = useMemo(() => {
    const map = new Map<SlotFilter, number>([['all', items.length]]);
    for (const item of items) map.set(item.slot, (map.get(item.slot) ?? 0) + 1);
    return map;
  }, [items]);
  const marks = useMemo(() => ownedMarks(owned), [owned]);
  const shown = filter === 'all' ? items : items.filter((i) => i.slot === filter);
  const buyingId = buy.isPending ? buy.variables?.item.id : undefined;

  let body;
  if (market.isPending) {
    body = <ItemCardSkeletons count={6} className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" />;
  } else if (market.isError) {
    body = <LoadFailed what="the equipment shop" error={market.error} onRetry={() => void market.refetch()} />;
  } else if (items.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-3 border-2 border-dashed border-edge bg-void/40 px-4 py-10 text-center" data-testid="market-empty">
        <PackageOpen aria-hidden className="size-8 text-ink-dim" />
        <p className="font-pixel text-pixel-xs text-ink-muted">No equipment for sale yet</p>
        <p className="max-w-sm text-base text-ink-dim">Seed the database to stock the shop with gear and skills.</p>
      </div>
    );
  } else if (shown.length === 0) {
    body = <p className="border-2 border-dashed border-edge bg-void/40 px-4 py-5 text-base text-ink-dim">Nothing for this slot right now.</p>;
  } else {
    body = (
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" data-testid="market-list">
        {shown.map((item) => (
          <li key={item.id} className="flex">
            <ShopItem
              item={item}
              credits={credits}
              characterLevel={character.level}
              mark={markOf(marks, item.id)}
              buying={buyingId === item.id}
              locked={buy.isPending}
              onBuy={() => buy.mutate({ item })}
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="flex flex-col gap-4" data-testid="equipment-market">
      <div className="flex flex-wrap items-center justify-between gap-3 border-2 border-edge bg-panel-2 px-3 py-2">
        <p className="flex items-center gap-2 text-lg text-ink-muted">
          <Coins aria-hidden className="size-5 text-gold" />
          Your credits:
          <span className="font-pixel text-pixel-xs text-gold" data-testid="market-credits">
            {credits == null ? '...' : formatCredits(credits)}
          </span>
        </p>
        <Button variant="secondary" size="sm" disabled={seed.isPending} onClick={() => seed.mutate()} data-testid="seed-database">
          <Database aria-hidden />
          {seed.isPending ? 'Seeding...' : 'Seed Database'}
        </Button>
      </div>
      {items.length > 0 ? <SlotFilterBar value={filter} onChange={setFilter} counts={counts} /> : null}
      {body}
    </div>
  );
}
