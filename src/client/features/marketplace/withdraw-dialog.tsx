import { useRef, useState } from 'react';
import { Undo2 } from 'lucide-react';
import type { MarketListingView } from '@common/economy-api';
import { CharacterSummary } from '@client/features/characters/character-summary';
import {
  Button,
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@client/ui';
import { returnFocus } from './focus-fallback';
import { useWithdrawListing } from './use-marketplace';

/** The seller's Withdraw button, confirmed before `DELETE /api/marketplace/{id}`. */
export function WithdrawDialog({ listing, size = 'md' }: { listing: MarketListingView; size?: 'sm' | 'md' }) {
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const withdraw = useWithdrawListing();
  return (
    <Dialog open={open} onOpenChange={(next) => !withdraw.isPending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button ref={triggerRef} variant="secondary" size={size} data-testid="withdraw-button">
          <Undo2 aria-hidden />
          Withdraw
        </Button>
      </DialogTrigger>
      <DialogContent onCloseAutoFocus={returnFocus(triggerRef)} data-testid="withdraw-dialog" className="p-4 sm:p-6">
        <DialogHeader>
          <DialogTitle className="text-gold">Withdraw listing?</DialogTitle>
          <DialogDescription>
            {listing.character.name} comes off the market and can fight again. You can list it again at any time.
          </DialogDescription>
        </DialogHeader>
        <CharacterSummary character={listing.character} />
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="ghost" disabled={withdraw.isPending}>
              Keep listed
            </Button>
          </DialogClose>
          <Button
            variant="danger"
            disabled={withdraw.isPending}
            data-testid="withdraw-confirm"
            onClick={() => withdraw.mutate(listing, { onSuccess: () => setOpen(false) })}
          >
            <Undo2 aria-hidden />
            {withdraw.isPending ? 'Withdrawing...' : 'Withdraw'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
