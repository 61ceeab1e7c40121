import { useRef, useState } from 'react';
import { Undo2 } from 'lucide-react';
import type { MarketListingView } from '@common/economy-api';
import { CharacterSummary } from '@client/entities/character/character-summary';
import { Button, ConfirmDialog } from '@client/ui';
import { returnFocus } from './focus-fallback';
import { useWithdrawListing } from './use-marketplace';

/** The seller's Withdraw button, confirmed before `DELETE /api/marketplace/{id}`. */
export function WithdrawDialog({ listing, size = 'md' }: { listing: MarketListingView; size?: 'sm' | 'md' }) {
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const withdraw = useWithdrawListing();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button ref={triggerRef} variant="secondary" size={size} data-testid="withdraw-button">
          <Undo2 aria-hidden />
          Withdraw
        </Button>
      }
      title="Withdraw listing?"
      titleClassName="text-gold"
      description={`${listing.character.name} comes off the market and can fight again. You can list it again at any time.`}
      cancelLabel="Keep listed"
      confirmLabel={withdraw.isPending ? 'Withdrawing...' : 'Withdraw'}
      confirmIcon={<Undo2 aria-hidden />}
      confirmVariant="danger"
      confirmTestId="withdraw-confirm"
      onConfirm={() => withdraw.mutate(listing, { onSuccess: () => setOpen(false) })}
      pending={withdraw.isPending}
      testId="withdraw-dialog"
      className="p-4 sm:p-6"
      onCloseAutoFocus={returnFocus(triggerRef)}
    >
      <CharacterSummary character={listing.character} />
    </ConfirmDialog>
  );
}
