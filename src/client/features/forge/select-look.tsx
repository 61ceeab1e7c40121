import { useState } from 'react';
import { Coins } from 'lucide-react';
import type { ImageSetView } from '@common/economy-api';
import { formatCredits } from '@common/constants';
import { Button, ConfirmDialog } from '@client/ui';

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

function Row({ label, value, tone, testId }: { label: string; value: number; tone: string; testId?: string }) {
  return (
    <div className="flex items-baseline justify-between gap-3">
      <dt className="font-pixel text-pixel-2xs text-ink-muted uppercase">{label}</dt>
      <dd className={`text-xl leading-none tabular-nums ${tone}`} data-testid={testId}>
        {formatCredits(value)} credits
      </dd>
    </div>
  );
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
      <dl className="flex flex-col gap-2 border-2 border-gold/60 bg-gold/5 p-3">
        <Row label="Price" value={set.cost} tone="text-gold" testId="style-buy-price" />
        <Row label="Your credits" value={credits} tone="text-ink" />
        <div className="border-t-2 border-dashed border-edge" />
        <Row label="After purchase" value={Math.max(0, credits - set.cost)} tone="text-neon-cyan" />
      </dl>
    </ConfirmDialog>
  );
}
