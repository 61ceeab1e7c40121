import { useState } from 'react';
import { Coins } from 'lucide-react';
import type { ImageSetView } from '@common/economy-api';
import { formatCredits } from '@common/constants';
import { Button, ConfirmDialog } from '@client/ui';
import { PriceLedger } from '@client/ui/price-ledger';

export interface SelectLookProps {
  set: Pick<ImageSetView, 'id' | 'name' | 'cost' | 'unlocked'>;
  credits: number;
  busy: boolean;
  applying: boolean;
  onSelect: () => void;
}

/** Whether choosing a look spends credits: a paid look not unlocked yet (then it asks first). */
export function looksCost(set: Pick<ImageSetView, 'cost' | 'unlocked'>): boolean {
  return set.cost > 0 && !set.unlocked;
}

/**
 * Select: a free or already unlocked look is worn at once; a paid one asks first, like a
 * marketplace purchase, with the price and what is left after it.
 */
export function SelectLook({ set, credits, busy, applying, onSelect }: SelectLookProps) {
  const [open, setOpen] = useState(false);
  const button = (
    <Button className="w-[calc(100%-6px)]" onClick={looksCost(set) ? undefined : onSelect} disabled={busy} data-testid={`style-select-${set.id}`}>
      {applying ? 'Applying...' : 'Select'}
    </Button>
  );
  if (!looksCost(set)) return button;
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={button}
      title={`Buy the ${set.name} look?`}
      titleClassName="text-gold"
      description="Paid once, the look stays unlocked for good, and your fighter wears it at once."
      confirmLabel={applying ? 'Buying...' : `Buy for ${formatCredits(set.cost)}`}
      confirmIcon={<Coins aria-hidden />}
      confirmTestId={`style-confirm-${set.id}`}
      confirmDisabled={credits < set.cost}
      onConfirm={() => {
        onSelect();
        setOpen(false);
      }}
      testId="style-buy-dialog"
    >
      <PriceLedger price={set.cost} credits={credits} priceTestId="style-buy-price" />
    </ConfirmDialog>
  );
}
