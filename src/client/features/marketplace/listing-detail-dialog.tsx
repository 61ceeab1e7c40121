import { lazy, Suspense, useState } from 'react';
import { Info } from 'lucide-react';
import type { MarketListingView } from '@common/economy-api';
import { warmLoad } from '@client/lib/warm-load';
import { Button } from '@client/ui/button';
import { useDialogOnDemand } from '@client/ui/dialog-on-demand';
import { returnFocus } from './focus-fallback';
import type { BuyState } from './market-rules';
import { useRecordView } from './use-marketplace';

const loadContent = () => import('./listing-detail-content');
const ListingDetailContent = lazy(async () => ({ default: (await loadContent()).ListingDetailContent }));
const warmContent = warmLoad(loadContent);

export interface ListingDetailDialogProps {
  listing: MarketListingView;
  state: BuyState;
  credits: number;
  now: number;
  triggerClassName?: string;
}

/**
 * Details of a listing: the full sheet of the fighter for sale in a dialog, whose code (the
 * sheet and Radix's dialog) loads with the first press, hover or focus of the button. Opening it
 * counts a view of the listing; closed, the focus goes back to the button, or to the listings'
 * heading if the listing has gone meanwhile.
 */
export function ListingDetailDialog({ listing, state, credits, now, triggerClassName }: ListingDetailDialogProps) {
  const [open, setOpen] = useState(false);
  const recordView = useRecordView();
  const onOpenChange = (next: boolean) => {
    if (next) recordView(listing.id);
    setOpen(next);
  };
  const onDemand = useDialogOnDemand({ open, onOpenChange, warm: warmContent });
  return (
    <>
      <Button
        {...onDemand.trigger}
        variant="secondary"
        className={triggerClassName}
        data-testid="listing-details-button"
        aria-label={`Details of ${listing.character.name}`}
      >
        <Info aria-hidden />
        Details
      </Button>
      {onDemand.wanted ? (
        <Suspense fallback={null}>
          <ListingDetailContent
            listing={listing}
            state={state}
            credits={credits}
            now={now}
            open={open}
            onOpenChange={onOpenChange}
            onCloseAutoFocus={returnFocus(onDemand.trigger.ref)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
