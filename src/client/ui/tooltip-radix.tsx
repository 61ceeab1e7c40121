import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Tooltip as RadixTooltip } from 'radix-ui';
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from '@common/constants';

/** When a tip of a group last closed (performance.now()). */
export interface LastClosed {
  at: number;
}

export interface RadixTipProps {
  content: ReactNode;
  children: ReactNode;
  side: 'top' | 'right' | 'bottom' | 'left';
  /** The player had focused the element before this code arrived: focus it again, which shows the tip. */
  refocus: boolean;
  lastClosed: LastClosed;
}

/**
 * A tip on Radix's tooltip; `Tooltip` shows the element alone until this code has arrived. The
 * skip delay is the group's (`TooltipProvider`): a tip entered within 300 ms of another's closing
 * opens at once, otherwise after 700 ms. Radix closes any other open tip when one opens.
 */
export function RadixTip({ content, children, side, refocus, lastClosed }: RadixTipProps) {
  const trigger = useRef<HTMLButtonElement>(null);
  const [delay, setDelay] = useState(TOOLTIP_DELAY_MS);
  useEffect(() => {
    if (refocus) trigger.current?.focus();
    // Only as it mounts: a later focus is the player's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <RadixTooltip.Provider delayDuration={delay} skipDelayDuration={0}>
      <RadixTooltip.Root
        onOpenChange={(open) => {
          if (!open) lastClosed.at = performance.now();
        }}
      >
        <RadixTooltip.Trigger
          asChild
          ref={trigger}
          // Before Radix's own pointer move, which starts the delay.
          onPointerEnter={() => setDelay(performance.now() - lastClosed.at < TOOLTIP_SKIP_DELAY_MS ? 0 : TOOLTIP_DELAY_MS)}
        >
          {children}
        </RadixTooltip.Trigger>
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
    </RadixTooltip.Provider>
  );
}
