import { createContext, useContext, type ReactNode } from 'react';
import { Tooltip as RadixTooltip } from 'radix-ui';
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from '@common/constants';

/** Whether a `TooltipProvider` is above: its tooltips share the skip delay. */
const Provided = createContext(false);

/**
 * Tooltip timing: 700 ms to open, 300 ms to skip the delay between the tooltips under one
 * provider. A screen with many tooltips wraps them in one; a tooltip outside any brings its own,
 * so the shell loads no tooltip code for the screens that have none.
 */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <RadixTooltip.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      <Provided.Provider value>{children}</Provided.Provider>
    </RadixTooltip.Provider>
  );
}

export interface TooltipProps {
  content: ReactNode;
  /** One focusable element (a button or link), so keyboard players see the tip too. */
  children: ReactNode;
  side?: 'top' | 'right' | 'bottom' | 'left';
}

export function Tooltip({ content, children, side = 'top' }: TooltipProps) {
  const provided = useContext(Provided);
  const tooltip = (
    <RadixTooltip.Root>
      <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
      <RadixTooltip.Portal>
        <RadixTooltip.Content
          side={side}
          sideOffset={8}
          collisionPadding={8}
          className="z-[60] max-w-xs border-2 border-neon-cyan bg-void px-3 py-2 text-base text-ink shadow-hard-sm"
        >
          {content}
          <RadixTooltip.Arrow className="fill-neon-cyan" width={12} height={6} />
        </RadixTooltip.Content>
      </RadixTooltip.Portal>
    </RadixTooltip.Root>
  );
  return provided ? tooltip : <TooltipProvider>{tooltip}</TooltipProvider>;
}
