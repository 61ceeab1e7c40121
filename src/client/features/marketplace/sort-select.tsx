import { Select } from 'radix-ui';
import { ArrowDownUp, Check, ChevronDown } from 'lucide-react';
import { MARKET_SORTS, type MarketSort } from '@common/economy-requests';
import { Label } from '@client/ui';
import { isMarketSort, SORT_LABELS } from './market-rules';

export interface SortSelectProps {
  value: MarketSort;
  onChange: (sort: MarketSort) => void;
}

/** The listing order: newest, price either way, level either way or popularity. */
export function SortSelect({ value, onChange }: SortSelectProps) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <Label htmlFor="market-sort" className="shrink-0">
        Sort by
      </Label>
      <Select.Root value={value} onValueChange={(next) => isMarketSort(next) && onChange(next)}>
        <Select.Trigger
          id="market-sort"
          data-testid="sort-select"
          data-value={value}
          className="flex h-11 min-w-0 flex-1 cursor-pointer items-center gap-2 border-2 border-edge-bright bg-void px-3 text-left text-lg text-ink hover:border-neon-cyan/70 focus-visible:border-neon-cyan focus-visible:outline-offset-2 data-[state=open]:border-neon-cyan sm:w-60 sm:flex-none"
        >
          <ArrowDownUp aria-hidden className="size-4 shrink-0 text-neon-cyan" />
          <span className="min-w-0 flex-1 truncate">
            <Select.Value />
          </span>
          <Select.Icon asChild>
            <ChevronDown aria-hidden className="size-4 shrink-0 text-ink-muted" />
          </Select.Icon>
        </Select.Trigger>
        <Select.Portal>
          <Select.Content
            position="popper"
            sideOffset={6}
            collisionPadding={8}
            className="z-50 max-h-[var(--radix-select-content-available-height)] w-[var(--radix-select-trigger-width)] min-w-56 overflow-hidden border-2 border-neon-cyan bg-panel shadow-hard"
          >
            <Select.Viewport className="p-1" data-testid="sort-options">
              {MARKET_SORTS.map((sort) => (
                <Select.Item
                  key={sort}
                  value={sort}
                  data-testid={`sort-option-${sort}`}
                  className="relative flex cursor-pointer items-center py-2 pr-3 pl-8 text-lg leading-none text-ink outline-none select-none data-[highlighted]:bg-neon-cyan data-[highlighted]:text-void data-[state=checked]:text-neon-cyan data-[highlighted]:data-[state=checked]:text-void"
                >
                  <Select.ItemIndicator className="absolute left-2 inline-flex items-center">
                    <Check aria-hidden className="size-4" />
                  </Select.ItemIndicator>
                  <Select.ItemText>{SORT_LABELS[sort]}</Select.ItemText>
                </Select.Item>
              ))}
            </Select.Viewport>
          </Select.Content>
        </Select.Portal>
      </Select.Root>
    </div>
  );
}
