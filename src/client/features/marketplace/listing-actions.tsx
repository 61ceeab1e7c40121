import type { MarketListingView } from '@common/economy-api';
import { cn } from '@client/lib/cn';
import { BuyDialog } from './buy-dialog';
import type { BuyState } from './market-rules';
import { WithdrawDialog } from './withdraw-dialog';

/** Id of the 'Not enough credits' hint of a listing; the prefix keeps card and dialog apart. */
export function creditsHintId(idPrefix: string, listingId: number): string {
  return `${idPrefix}-credits-hint-${listingId}`;
}

/** Says why the Buy button is disabled. */
export function CreditsHint({ id, className }: { id: string; className?: string }) {
  return (
    <p id={id} className={cn('text-base leading-none text-[#ff8a95]', className)} data-testid="not-enough-credits">
      Not enough credits
    </p>
  );
}

export interface ListingActionsProps {
  listing: MarketListingView;
  state: BuyState;
  credits: number;
  /** Keeps the hint's id unique when a listing shows in a card and a dialog at once. */
  idPrefix: string;
  /** Buttons fill the width and the hint is left to the caller (the card shows it by the price). */
  stretch?: boolean;
  className?: string;
}

/** Buy (disabled with a hint when the player cannot pay), or Withdraw for the player's own listing. */
export function ListingActions({ listing, state, credits, idPrefix, stretch = false, className }: ListingActionsProps) {
  const column = cn('flex min-w-0 flex-col gap-1.5', stretch ? 'items-stretch' : 'items-end', className);
  if (state === 'own') {
    return (
      <div className={column}>
        <WithdrawDialog listing={listing} />
      </div>
    );
  }
  const hintId = creditsHintId(idPrefix, listing.id);
  return (
    <div className={column}>
      <BuyDialog listing={listing} credits={credits} hintId={hintId} />
      {state === 'too-expensive' && !stretch ? <CreditsHint id={hintId} className="text-right" /> : null}
    </div>
  );
}
