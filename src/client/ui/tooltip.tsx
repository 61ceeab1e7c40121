import { createContext, useContext, useRef, type ReactNode } from 'react';
import { onDemand, useArrived } from '@client/lib/on-demand';
import { Slot } from './slot';
import type { LastClosed } from './tooltip-radix';

/** Radix's tooltip with its positioning code: about 15 KiB on the wire, fetched when a tip is first wanted. */
const radixTip = onDemand(() => import('./tooltip-radix'));

/** When a tip under the provider last closed: the next opens at once within the skip delay. */
const SharedLastClosed = createContext<LastClosed | null>(null);

/**
 * Tooltip timing: 700 ms to open, 300 ms to skip the delay between the tooltips under one
 * provider. A screen with many tooltips wraps them in one; a tooltip outside any has its own.
 * The provider holds only that timing, so no tooltip code loads with it.
 */
export function TooltipProvider({ children }: { children: ReactNode }) {
  const lastClosed = useRef<LastClosed>({ at: Number.NEGATIVE_INFINITY }).current;
  return <SharedLastClosed.Provider value={lastClosed}>{children}</SharedLastClosed.Provider>;
}

export interface TooltipProps {
  content: ReactNode;
  /** One focusable element (a button or link), so keyboard players see the tip too. */
  children: ReactNode;
  side?: 'top' | 'right' | 'bottom' | 'left';
}

/**
 * A tip on one focusable element. The element shows at once; the tip's code is fetched when the
 * pointer comes over it or it takes the focus (any tip's, for all of them), then the tip opens as
 * any tooltip does: after the delay while the pointer moves over it, at once on focus (an element
 * focused while the code arrived is focused again, so its tip opens).
 */
export function Tooltip({ content, children, side = 'top' }: TooltipProps) {
  const shared = useContext(SharedLastClosed);
  const own = useRef<LastClosed>({ at: Number.NEGATIVE_INFINITY }).current;
  const arrived = useArrived(radixTip);
  const focused = useRef(false);
  if (!arrived) {
    return (
      <Slot
        onPointerEnter={radixTip.warm}
        onFocus={() => {
          focused.current = true;
          radixTip.warm();
        }}
        onBlur={() => (focused.current = false)}
      >
        {children}
      </Slot>
    );
  }
  return (
    <arrived.RadixTip content={content} side={side} refocus={focused.current} lastClosed={shared ?? own}>
      {children}
    </arrived.RadixTip>
  );
}
