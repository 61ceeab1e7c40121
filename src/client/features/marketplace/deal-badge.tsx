import { Flame, Scale, TrendingDown } from 'lucide-react';
import { formatCredits } from '@common/constants';
import { cn } from '@client/lib/cn';
import { Tooltip } from '@client/ui';
import { dealFor, priceVersusValue, type DealKind } from './market-rules';

const STYLES: Record<DealKind, string> = {
  good: 'border-neon-lime bg-neon-lime/15 text-neon-lime',
  fair: 'border-gold bg-gold/15 text-gold',
  overpriced: 'border-danger bg-danger/15 text-[#ff8a95]',
};

const ICONS = { good: TrendingDown, fair: Scale, overpriced: Flame } as const;

export interface DealBadgeProps {
  price: number;
  value: number;
  className?: string;
}

/**
 * The deal label of a listing (green good deal, amber fair, red overpriced). It is a button only
 * so keyboard players can focus it and read the tooltip with the character's value.
 */
export function DealBadge({ price, value, className }: DealBadgeProps) {
  const deal = dealFor(price, value);
  const Icon = ICONS[deal.kind];
  return (
    <Tooltip
      content={
        <span className="flex flex-col">
          <span>
            Character value: <span className="text-gold">{formatCredits(value)} credits</span>
          </span>
          <span className="text-ink-muted">{priceVersusValue(price, value)}</span>
        </span>
      }
    >
      <button
        type="button"
        data-testid="deal-label"
        data-deal={deal.kind}
        aria-label={`${deal.label}. Character value ${formatCredits(value)} credits`}
        className={cn(
          'inline-flex cursor-help items-center gap-1.5 border-2 px-2 py-1 font-pixel text-pixel-2xs leading-none whitespace-nowrap uppercase',
          '[&_svg]:size-3 [&_svg]:shrink-0',
          STYLES[deal.kind],
          className,
        )}
      >
        <Icon aria-hidden />
        {deal.label}
      </button>
    </Tooltip>
  );
}
