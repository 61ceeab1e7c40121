import { Coins } from 'lucide-react';
import { formatCredits } from '@common/constants';
import { Input, Label } from '@client/ui';

export interface PriceFieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  suggested: number;
  disabled?: boolean;
  testId?: string;
}

/** The sale price input (whole credits, at least 1) with the suggested price beside it. */
export function PriceField({ id, value, onChange, suggested, disabled, testId }: PriceFieldProps) {
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>Sale price (credits)</Label>
      <div className="relative">
        <Coins aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gold" />
        <Input
          id={id}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          disabled={disabled}
          aria-describedby={`${id}-hint`}
          data-testid={testId}
          className="pl-9"
        />
      </div>
      <p id={`${id}-hint`} className="flex flex-wrap items-center gap-x-2 text-base text-ink-dim">
        <span>
          Suggested: <span className="text-gold">{formatCredits(suggested)} credits</span> (80% of value)
        </span>
        {String(suggested) !== value.trim() ? (
          <button
            type="button"
            onClick={() => onChange(String(suggested))}
            disabled={disabled}
            className="cursor-pointer text-neon-cyan underline decoration-dotted underline-offset-4 hover:text-ink"
          >
            Use suggested
          </button>
        ) : null}
      </p>
    </div>
  );
}
