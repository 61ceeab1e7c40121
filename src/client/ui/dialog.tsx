import type { ComponentProps } from 'react';
import { Dialog as RadixDialog } from 'radix-ui';
import { X } from 'lucide-react';
import { cn } from '@client/lib/cn';

export const Dialog = RadixDialog.Root;
export const DialogTrigger = RadixDialog.Trigger;
export const DialogClose = RadixDialog.Close;

function DialogOverlay({ className, ...props }: ComponentProps<typeof RadixDialog.Overlay>) {
  return (
    <RadixDialog.Overlay
      className={cn('dialog-overlay fixed inset-0 z-50 bg-void/80 backdrop-blur-[2px]', className)}
      {...props}
    />
  );
}

function CloseButton() {
  return (
    <RadixDialog.Close
      aria-label="Close"
      className="absolute top-3 right-3 cursor-pointer p-1.5 text-ink-muted hover:bg-panel-3 hover:text-ink"
    >
      <X aria-hidden className="size-5" />
    </RadixDialog.Close>
  );
}

export interface DialogContentProps extends ComponentProps<typeof RadixDialog.Content> {
  hideClose?: boolean;
}

/** A centred modal panel. Needs a <DialogTitle> inside. */
export function DialogContent({ className, children, hideClose = false, ...props }: DialogContentProps) {
  return (
    <RadixDialog.Portal>
      <DialogOverlay />
      <RadixDialog.Content
        className={cn(
          'dialog-content fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto',
          'pixel-frame bg-panel p-6 text-ink [--frame:var(--color-neon-cyan)] focus-visible:outline-none',
          className,
        )}
        {...props}
      >
        {children}
        {hideClose ? null : <CloseButton />}
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}

/** A panel that slides in from the left edge (the phone navigation drawer). */
export function DrawerContent({ className, children, hideClose = false, ...props }: DialogContentProps) {
  return (
    <RadixDialog.Portal>
      <DialogOverlay />
      <RadixDialog.Content
        className={cn(
          'drawer-content fixed inset-y-0 left-0 z-50 flex w-[min(20rem,85vw)] flex-col overflow-y-auto',
          'border-r-4 border-neon-magenta bg-panel text-ink shadow-hard focus-visible:outline-none',
          className,
        )}
        {...props}
      >
        {children}
        {hideClose ? null : <CloseButton />}
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('mb-4 flex flex-col gap-2 pr-8', className)} {...props} />;
}

export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('mt-6 flex flex-wrap justify-end gap-3', className)} {...props} />;
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof RadixDialog.Title>) {
  return <RadixDialog.Title className={cn('font-pixel text-pixel-sm leading-relaxed', className)} {...props} />;
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof RadixDialog.Description>) {
  return <RadixDialog.Description className={cn('text-base text-ink-muted', className)} {...props} />;
}
