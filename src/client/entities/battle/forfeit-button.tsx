import { useState } from 'react';
import { Flag } from 'lucide-react';
import { Button, ConfirmDialog } from '@client/ui';

/** Forfeit, after a confirmation: the opponent wins at once. */
export function ForfeitButton({ onConfirm, disabled, pending }: { onConfirm: () => void; disabled?: boolean; pending?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="danger" disabled={disabled || pending} data-testid="pvp-forfeit">
          <Flag aria-hidden />
          {pending ? 'Forfeiting...' : 'Forfeit'}
        </Button>
      }
      title="Forfeit this battle?"
      description="Your opponent wins at once and the battle counts as a loss."
      cancelLabel="Keep Fighting"
      cancelVariant="secondary"
      cancelTestId="pvp-forfeit-cancel"
      confirmLabel="Forfeit"
      confirmIcon={<Flag aria-hidden />}
      confirmVariant="danger"
      confirmTestId="pvp-forfeit-confirm"
      onConfirm={() => {
        setOpen(false);
        onConfirm();
      }}
      testId="pvp-forfeit-dialog"
      className="max-w-md"
    />
  );
}
