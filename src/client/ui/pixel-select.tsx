import { useRef, useState, type KeyboardEvent } from 'react';
import { ChevronDown } from 'lucide-react';
import { cn } from '@client/lib/cn';
import { onDemand, useArrived } from '@client/lib/on-demand';
import { SELECT_TRIGGER_CLASS, type PixelSelectProps } from './pixel-select-props';

export type { PixelSelectOption, PixelSelectProps } from './pixel-select-props';

/** Radix's select with its list's positioning, focus and scroll-lock code: about 16 KiB on the wire. */
const radixSelect = onDemand(() => import('./pixel-select-radix'));

/** The keys that open Radix's select from its trigger. */
const OPEN_KEYS = new Set([' ', 'Enter', 'ArrowUp', 'ArrowDown']);

/**
 * The game's select. A screen shows its trigger at once but fetches the list's code only when
 * the player comes to it (a hover or a focus) or presses it; a stand-in that looks and reads the
 * same (a closed combobox with its value) stays until the first press, which opens the list as
 * soon as the code is in, on the real trigger (focused if the stand-in was). A fetch that fails
 * on a press takes the screen to its error card, which offers Reload, as a screen whose own code
 * failed does.
 */
export function PixelSelect<T extends string>(props: PixelSelectProps<T>) {
  const arrived = useArrived(radixSelect);
  const focused = useRef(false);
  // The stand-in gives way on the press, not when the code arrives: a re-render under the pointer
  // between its down and up would swallow the press (as the settings button's does).
  const [pressed, setPressed] = useState(false);
  const [failed, setFailed] = useState<unknown>(null);
  if (failed) throw failed;
  if (arrived && pressed) return <arrived.RadixPixelSelect {...props} openAtOnce autoFocus={focused.current} />;

  const { id, value, options, icon, testId, triggerClassName } = props;
  const open = () => {
    setPressed(true);
    radixSelect.load().catch(setFailed);
  };
  return (
    <button
      type="button"
      role="combobox"
      aria-expanded={false}
      aria-autocomplete="none"
      data-state="closed"
      id={id}
      data-testid={testId}
      data-value={value}
      className={cn(SELECT_TRIGGER_CLASS, triggerClassName)}
      onPointerEnter={radixSelect.warm}
      onFocus={() => {
        focused.current = true;
        radixSelect.warm();
      }}
      onBlur={() => (focused.current = false)}
      onClick={open}
      onKeyDown={(event: KeyboardEvent) => {
        if (!OPEN_KEYS.has(event.key)) return;
        event.preventDefault();
        open();
      }}
    >
      {icon}
      <span className="min-w-0 flex-1 truncate">
        <span style={{ pointerEvents: 'none' }}>{options.find((o) => o.value === value)?.label}</span>
      </span>
      <ChevronDown aria-hidden className="size-4 shrink-0 text-ink-muted" />
    </button>
  );
}
