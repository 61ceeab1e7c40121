import { useRef } from 'react';
import { Toast as RadixToast } from 'radix-ui';
import { CircleCheck, CircleX, Info, X } from 'lucide-react';
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX } from '@common/constants';
import { cn } from '@client/lib/cn';
import { dismissToast, useCurrentToast, type ToastVariant } from './toast-store';
import { useToastSide, useToastsOnTop } from './toast-placement';

export { toast, dismissToast, type ToastOptions, type ToastVariant } from './toast-store';

const variantStyles: Record<ToastVariant, string> = {
  default: 'bg-panel-2 [--frame:var(--color-neon-cyan)]',
  success: 'bg-success-deep [--frame:var(--color-neon-lime)]',
  destructive: 'bg-danger-deep [--frame:var(--color-danger)]',
};

const variantIcons: Record<ToastVariant, typeof Info> = {
  default: Info,
  success: CircleCheck,
  destructive: CircleX,
};

const iconColors: Record<ToastVariant, string> = {
  default: 'text-neon-cyan',
  success: 'text-neon-lime',
  destructive: 'text-danger',
};

/**
 * The toast area: one toast at a time, 5000 ms, swipe right 50 px to dismiss, F8 to focus.
 * Place it once inside the app; show toasts with `toast({...})`.
 */
export function Toaster() {
  const current = useCurrentToast();
  const area = useRef<HTMLOListElement>(null);
  // Never over the focused element: the area takes the other side of the window when it would be.
  const onTop = useToastSide(area, useToastsOnTop(), Boolean(current?.open)) === 'top';
  const variant = current?.variant ?? 'default';
  const Icon = variantIcons[variant];

  return (
    <RadixToast.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
    >
      {current && (
        <RadixToast.Root
          key={current.id}
          open={current.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(current.id);
          }}
          duration={current.duration}
          type={variant === 'destructive' ? 'foreground' : 'background'}
          data-testid="toast"
          data-variant={variant}
          className={cn(
            'toast-root pixel-frame relative m-1 flex items-start gap-3 py-3 pr-10 pl-3 text-ink shadow-hard',
            variantStyles[variant],
          )}
        >
          <Icon aria-hidden className={cn('mt-0.5 size-5 shrink-0', iconColors[variant])} />
          <div className="min-w-0 flex-1">
            <RadixToast.Title className="font-pixel text-pixel-xs text-ink" data-testid="toast-title">
              {current.title}
            </RadixToast.Title>
            {current.description ? ' ' : null}
            {current.description ? (
              <RadixToast.Description className="mt-1 text-base text-ink-muted" data-testid="toast-description">
                {current.description}
              </RadixToast.Description>
            ) : null}
          </div>
          <RadixToast.Close
            aria-label="Close notification"
            className="absolute top-2 right-2 p-1 text-ink-muted hover:text-ink"
          >
            <X aria-hidden className="size-4" />
          </RadixToast.Close>
        </RadixToast.Root>
      )}
      <RadixToast.Viewport
        ref={area}
        hotkey={['F8']}
        data-placement={onTop ? 'top' : 'bottom'}
        className={cn(
          'fixed right-0 z-[100] m-0 flex w-full max-w-[420px] list-none flex-col gap-2 p-4 outline-none sm:p-6',
          onTop ? 'top-0' : 'bottom-0',
        )}
      />
    </RadixToast.Provider>
  );
}
