import { Coins } from 'lucide-react';
import { formatCredits } from '@common/constants';
import { LISTING_PRICE_MESSAGE, MARKET_FEE_PERCENT, MAX_LISTING_PRICE, saleProceeds } from '@common/market-limits';
import { Input, Label } from '@client/ui';
import { parsePrice } from './sale-and-share';

export interface PriceFieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  suggested: number;
  disabled?: boolean;
  testId?: string;
}

/** The price the sale pays out on, once the field holds one the server would take (what Sell checks, and the listing limit). */
function listablePrice(value: string): number | null {
  const price = parsePrice(value);
  return price !== null && price <= MAX_LISTING_PRICE ? price : null;
}

/** The sale price input (whole credits, at least 1) with the suggested price beside it, and what the sale pays after the fee. */
export function PriceField({ id, value, onChange, suggested, disabled, testId }: PriceFieldProps) {
  const price = listablePrice(value);
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
      {/* The fee is burned on the sale: the seller knows what they will get before listing. */}
      {price !== null ? (
        <p className="text-base text-ink-muted" data-testid="sale-proceeds">
          You receive <span className="text-gold">{formatCredits(saleProceeds(price))} credits</span> after the {MARKET_FEE_PERCENT}% market fee.
        </p>
      ) : value.trim() !== '' ? (
        // A price the server would refuse (too high, a fraction, below 1) says so here, in the server's words, before Sell.
        <p className="text-base text-danger" role="status" data-testid="sale-price-invalid">
          {LISTING_PRICE_MESSAGE}
        </p>
      ) : null}
    </div>
  );
}
