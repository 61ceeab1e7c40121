import { useRef, useState } from 'react';

/**
 * A dialog whose code loads with the first press of its button (or a hover or focus on the way),
 * not with the screen that shows the button: the kit's dialogs bring Radix's dialog, focus trap
 * and scroll lock. Spread `trigger` on the button; mount the dialog once `wanted` (it stays
 * mounted from then on, so that closing can run) and give its content `onCloseAutoFocus`: the
 * focus goes back to the button, as the dialog has no Radix trigger to return it to.
 */
export function useDialogOnDemand({ open, onOpenChange, warm }: { open: boolean; onOpenChange: (open: boolean) => void; warm: () => void }) {
  const button = useRef<HTMLButtonElement>(null);
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  return {
    wanted,
    trigger: {
      ref: button,
      'aria-haspopup': 'dialog' as const,
      'aria-expanded': open,
      'data-state': open ? 'open' : 'closed',
      onPointerEnter: warm,
      onFocus: warm,
      onClick: () => onOpenChange(true),
    },
    onCloseAutoFocus: (event: Event) => {
      event.preventDefault();
      button.current?.focus();
    },
  };
}
