import type { ReactElement, ReactNode } from 'react';
import { Button, type ButtonVariant } from './button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
  type DialogContentProps,
} from './dialog';

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
 * buttons are one form, so Enter in a field of the body confirms too.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  trigger,
  title,
  titleClassName,
  description,
  children,
  cancelLabel = 'Cancel',
  cancelVariant = 'ghost',
  cancelTestId,
  confirmLabel,
  confirmIcon,
  confirmVariant = 'primary',
  confirmTestId,
  confirmDisabled = false,
  onConfirm,
  pending = false,
  testId,
  className,
  onCloseAutoFocus,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus} data-testid={testId} className={className}>
        <DialogHeader>
          <DialogTitle className={titleClassName}>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!pending && !confirmDisabled) onConfirm();
          }}
        >
          {children}
          <DialogFooter>
            <DialogClose asChild>
              <Button variant={cancelVariant} disabled={pending} data-testid={cancelTestId}>
                {cancelLabel}
              </Button>
            </DialogClose>
            <Button type="submit" variant={confirmVariant} disabled={pending || confirmDisabled} data-testid={confirmTestId}>
              {confirmIcon}
              {confirmLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
