import { useEffect, useState } from 'react';
import { RotateCcw, Shapes } from 'lucide-react';
import { CLASS_IDS, type ClassId } from '@common/classes';
import { className as classLabel } from '@client/entities/character/character-info';
import { Button, Input, Label, PixelSelect } from '@client/ui';
import type { FilterDraft, FilterField } from './market-rules';

const ALL_CLASSES = 'all';

/** `value`, once it has stopped changing for `ms` (typing a price asks the server once, not per key). */
export function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

const CLASS_OPTIONS = [
  { value: ALL_CLASSES, label: 'All classes' },
  ...CLASS_IDS.map((id) => ({ value: id, label: classLabel(id) })),
] as const satisfies readonly { value: ClassId | typeof ALL_CLASSES; label: string }[];

function ClassFilter({ value, onChange }: { value: ClassId | ''; onChange: (value: ClassId | '') => void }) {
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <Label htmlFor="market-class">Class</Label>
      <PixelSelect<ClassId | typeof ALL_CLASSES>
        id="market-class"
        testId="filter-class"
        value={value || ALL_CLASSES}
        options={CLASS_OPTIONS}
        onChange={(next) => onChange(next === ALL_CLASSES ? '' : next)}
        icon={<Shapes aria-hidden className="size-4 shrink-0 text-neon-magenta" />}
        triggerClassName="w-full"
      />
    </div>
  );
}

function NumberFilter({
  field,
  label,
  placeholder,
  value,
  error,
  onChange,
}: {
  field: FilterField;
  label: string;
  placeholder: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const id = `market-${field}`;
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        inputMode="numeric"
        autoComplete="off"
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        data-testid={`filter-${field}`}
      />
      {error ? (
        <p id={`${id}-error`} className="text-base leading-tight text-[#ff8a95]" data-testid={`filter-${field}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export interface MarketFiltersProps {
  draft: FilterDraft;
  errors: Partial<Record<FilterField, string>>;
  onChange: (draft: FilterDraft) => void;
  onReset: () => void;
  /** Whether anything is typed or chosen (the reset button is off otherwise). */
  active: boolean;
}

/** Class, level range and highest price: a change starts the list again from its first page. */
export function MarketFilters({ draft, errors, onChange, onReset, active }: MarketFiltersProps) {
  const set = (patch: Partial<FilterDraft>) => onChange({ ...draft, ...patch });
  return (
    <form
      role="search"
      aria-label="Filter listings"
      className="mb-6 grid grid-cols-2 items-start gap-3 border-2 border-edge bg-panel/60 p-3 sm:p-4 lg:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1.3fr)_auto]"
      onSubmit={(e) => e.preventDefault()}
      data-testid="market-filters"
    >
      <div className="col-span-2 lg:col-span-1">
        <ClassFilter value={draft.class} onChange={(value) => set({ class: value })} />
      </div>
      <NumberFilter field="minLevel" label="Min level" placeholder="Any" value={draft.minLevel} error={errors.minLevel} onChange={(v) => set({ minLevel: v })} />
      <NumberFilter field="maxLevel" label="Max level" placeholder="Any" value={draft.maxLevel} error={errors.maxLevel} onChange={(v) => set({ maxLevel: v })} />
      <div>
        <NumberFilter field="maxPrice" label="Max price" placeholder="Any price" value={draft.maxPrice} error={errors.maxPrice} onChange={(v) => set({ maxPrice: v })} />
      </div>
      <Button
        type="button"
        variant="secondary"
        onClick={onReset}
        disabled={!active}
        className="mt-5 min-h-11"
        data-testid="filters-reset"
      >
        <RotateCcw aria-hidden />
        Reset
      </Button>
    </form>
  );
}
