import { lazy, Suspense, type ReactElement, type ReactNode } from 'react';
import type { ButtonVariant } from './button';
import type { DialogContentProps } from './dialog';
import { warmLoad } from '@client/lib/warm-load';
import { useDialogOnDemand } from './dialog-on-demand';
import { Slot } from './slot';

const loadContent = () => import('./confirm-dialog-content');
const ConfirmDialogContent = lazy(async () => ({ default: (await loadContent()).ConfirmDialogContent }));
const warmContent = warmLoad(loadContent);

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens the dialog. */
  trigger: ReactElement;
  title: ReactNode;
  /** Colour of the title (a text class). */
  titleClassName?: string;
  description: ReactNode;
  /** What the player is asked about, between the description and the buttons. */
  children?: ReactNode;
  cancelLabel?: string;
  cancelVariant?: ButtonVariant;
  cancelTestId?: string;
  confirmLabel: ReactNode;
  /** Shown before the confirm label. */
  confirmIcon?: ReactNode;
  confirmVariant?: ButtonVariant;
  confirmTestId?: string;
  confirmDisabled?: boolean;
  /** Pressing the confirm button, or Enter in a field of the dialog. */
  onConfirm: () => void;
  /** The action is under way: both buttons are disabled and the dialog stays open. */
  pending?: boolean;
  testId?: string;
  className?: string;
  onCloseAutoFocus?: DialogContentProps['onCloseAutoFocus'];
}

/**
 * The one confirmation dialog of the game (sell, buy, withdraw, share, forfeit): a trigger, a
 * title and description, what is at stake, then Cancel and the confirm button. The body and the
 * buttons are one form, so Enter in a field of the body confirms too. The dialog's code (Radix's
 * dialog, focus trap and scroll lock) loads with the first press (or hover) of the trigger, not
 * with the screen; closed, the focus goes back to the trigger unless `onCloseAutoFocus` says
 * otherwise.
 */
export function ConfirmDialog({ trigger, ...dialog }: ConfirmDialogProps) {
  const { open, onOpenChange, onCloseAutoFocus } = dialog;
  const onDemand = useDialogOnDemand({ open, onOpenChange, warm: warmContent });
  return (
    <>
      <Slot {...onDemand.trigger}>{trigger}</Slot>
      {onDemand.wanted ? (
        <Suspense fallback={null}>
          <ConfirmDialogContent {...dialog} onCloseAutoFocus={onCloseAutoFocus ?? onDemand.onCloseAutoFocus} />
        </Suspense>
      ) : null}
    </>
  );
}
