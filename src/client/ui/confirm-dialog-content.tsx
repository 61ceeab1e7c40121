import { Button } from './button';
import type { ConfirmDialogProps } from './confirm-dialog';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from './dialog';

export type ConfirmDialogContentProps = Omit<ConfirmDialogProps, 'trigger'>;

/** ConfirmDialog's dialog (confirm-dialog.tsx): its code loads with the first press of its trigger. */
export function ConfirmDialogContent({
  open,
  onOpenChange,
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
}: ConfirmDialogContentProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
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
