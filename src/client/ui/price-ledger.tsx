import { formatCredits } from '@common/constants';

function Ledger({ label, value, tone, testId }: { label: string; value: number; tone: string; testId?: string }) {
  return (
    <div className="flex items-baseline justify-between gap-3">
      <dt className="font-pixel text-pixel-2xs text-ink-muted uppercase">{label}</dt>
      <dd className={`text-xl leading-none tabular-nums ${tone}`} data-testid={testId}>
        {formatCredits(value)} credits
      </dd>
    </div>
  );
}

/** Before a purchase: the price, the player's credits and what is left after it. */
export function PriceLedger({ price, credits, priceTestId }: { price: number; credits: number; priceTestId?: string }) {
  return (
    <dl className="flex flex-col gap-2 border-2 border-gold/60 bg-gold/5 p-3">
      <Ledger label="Price" value={price} tone="text-gold" testId={priceTestId} />
      <Ledger label="Your credits" value={credits} tone="text-ink" />
      <div className="border-t-2 border-dashed border-edge" />
      <Ledger label="After purchase" value={Math.max(0, credits - price)} tone="text-neon-cyan" />
    </dl>
  );
}
