import { ArrowDownUp } from 'lucide-react';
import { MARKET_SORTS, type MarketSort } from '@common/market-limits';
import { Label, PixelSelect } from '@client/ui';
import { SORT_LABELS } from './market-rules';

export interface SortSelectProps {
  value: MarketSort;
  onChange: (sort: MarketSort) => void;
}

const SORT_OPTIONS = MARKET_SORTS.map((sort) => ({ value: sort, label: SORT_LABELS[sort] }));

/** The listing order: newest, price either way, level either way or popularity. */
export function SortSelect({ value, onChange }: SortSelectProps) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <Label htmlFor="market-sort" className="shrink-0">
        Sort by
      </Label>
      <PixelSelect<MarketSort>
        id="market-sort"
        testId="sort-select"
        optionTestId={(sort) => `sort-option-${sort}`}
        viewportTestId="sort-options"
        value={value}
        options={SORT_OPTIONS}
        onChange={onChange}
        icon={<ArrowDownUp aria-hidden className="size-4 shrink-0 text-neon-cyan" />}
        triggerClassName="flex-1 sm:w-60 sm:flex-none"
        listClassName="min-w-56"
      />
    </div>
  );
}
