import { useRef, useState } from 'react';
import { Backpack, BookOpen, ShoppingCart, Swords, Trophy } from 'lucide-react';
import { formatCredits } from '@common/constants';
import type { MarketListingView } from '@common/economy-api';
import { className as classLabel } from '@client/entities/character/character-info';
import { CharacterSummary } from '@client/entities/character/character-summary';
import { Button, ConfirmDialog } from '@client/ui';
import { PriceLedger } from '@client/ui/price-ledger';
import { returnFocus } from './focus-fallback';
import { useBuyListing } from './use-marketplace';

export interface BuyDialogProps {
  listing: MarketListingView;
  credits: number;
  /** Id of the 'Not enough credits' hint beside the button, when it shows. */
  hintId?: string;
  size?: 'sm' | 'md';
}

/** What the buyer gets with a fighter: itself, its gear, its skills and its record. */
function WhatYouGet({ listing }: { listing: MarketListingView }) {
  const { character } = listing;
  return (
    <section aria-labelledby={`buy-gets-${listing.id}`} className="border-2 border-edge bg-void/40 p-3">
      <h3 id={`buy-gets-${listing.id}`} className="mb-2 font-pixel text-pixel-2xs text-neon-lime uppercase">
        What you get
      </h3>
      <ul className="flex flex-col gap-1.5 text-lg leading-tight">
        <li className="flex items-center gap-2">
          <Swords aria-hidden className="size-4 shrink-0 text-neon-cyan" />
          <span>
            {character.name}, level {character.level} {classLabel(character.class)} (power {character.powerLevel})
          </span>
        </li>
        <li className="flex items-center gap-2">
          <Backpack aria-hidden className="size-4 shrink-0 text-gold" />
          <span>All of its gear, equipped and in its pack</span>
        </li>
        <li className="flex items-center gap-2">
          <BookOpen aria-hidden className="size-4 shrink-0 text-neon-magenta" />
          <span>Every skill it has learned</span>
        </li>
        <li className="flex items-center gap-2">
          <Trophy aria-hidden className="size-4 shrink-0 text-neon-lime" />
          <span>
            Its record: {character.wins} wins, {character.losses} losses
          </span>
        </li>
      </ul>
    </section>
  );
}

/** The Buy button and the dialog that confirms the price before `POST /api/marketplace/buy`. */
export function BuyDialog({ listing, credits, hintId, size = 'md' }: BuyDialogProps) {
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const buy = useBuyListing();
  const { character, price } = listing;
  const affordable = credits >= price;

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button
          ref={triggerRef}
          size={size}
          disabled={!affordable}
          aria-describedby={affordable ? undefined : hintId}
          data-testid="buy-button"
        >
          <ShoppingCart aria-hidden />
          Buy
        </Button>
      }
      title={`Buy ${character.name}?`}
      titleClassName="text-neon-cyan"
      description={`${character.name} leaves ${listing.sellerName}'s roster and joins yours.`}
      confirmLabel={buy.isPending ? 'Buying...' : `Buy for ${formatCredits(price)}`}
      confirmIcon={<ShoppingCart aria-hidden />}
      confirmTestId="buy-confirm"
      confirmDisabled={!affordable}
      onConfirm={() => buy.mutate(listing, { onSettled: () => setOpen(false) })}
      pending={buy.isPending}
      testId="buy-dialog"
      className="p-4 sm:p-6"
      onCloseAutoFocus={returnFocus(triggerRef)}
    >
      <div className="flex flex-col gap-4">
        <CharacterSummary character={character} />
        <WhatYouGet listing={listing} />
        <PriceLedger price={price} credits={credits} priceTestId="buy-price" />
        {!affordable ? (
          <p role="alert" className="border-2 border-danger/60 bg-danger-deep px-3 py-2 text-lg text-[#ff8a95]">
            Not enough credits
          </p>
        ) : null}
      </div>
    </ConfirmDialog>
  );
}
