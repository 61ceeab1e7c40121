import { useEffect, useState } from 'react';
import { Select } from 'radix-ui';
import { Check, ChevronDown } from 'lucide-react';
import { cn } from '@client/lib/cn';
import { SELECT_TRIGGER_CLASS, type PixelSelectProps } from './pixel-select-props';

/**
 * The game's select: a pixel-bordered trigger and a popper list, keyboard and screen-reader ready
 * (Radix). `PixelSelect` draws a stand-in until its first press, then this, opened at once and
 * focused if the stand-in was.
 */
export function RadixPixelSelect<T extends string>({
  id,
  value,
  options,
  onChange,
  icon,
  testId,
  optionTestId = (v) => `${testId}-${v}`,
  viewportTestId,
  triggerClassName,
  listClassName = 'min-w-44',
  openAtOnce = false,
  autoFocus = false,
}: PixelSelectProps<T> & { openAtOnce?: boolean; autoFocus?: boolean }) {
  const [open, setOpen] = useState(false);
  // Opened a frame after it has mounted, as a press on a trigger already there opens it: the
  // list's items (which the closed select keeps out of the page) are known by then.
  useEffect(() => {
    if (!openAtOnce) return;
    const frame = requestAnimationFrame(() => setOpen(true));
    return () => cancelAnimationFrame(frame);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <Select.Root
      open={open}
      onOpenChange={setOpen}
      value={value}
      onValueChange={(next) => {
        const picked = options.find((o) => o.value === next);
        if (picked) onChange(picked.value);
      }}
    >
      <Select.Trigger
        id={id}
        data-testid={testId}
        data-value={value}
        // Only where the player had focused the trigger before this code arrived.
        autoFocus={autoFocus}
        className={cn(SELECT_TRIGGER_CLASS, triggerClassName)}
      >
        {icon}
        <span className="min-w-0 flex-1 truncate">
          <Select.Value />
        </span>
        <Select.Icon asChild>
          <ChevronDown aria-hidden className="size-4 shrink-0 text-ink-muted" />
        </Select.Icon>
      </Select.Trigger>
      <Select.Portal>
        <Select.Content
          position="popper"
          sideOffset={6}
          collisionPadding={8}
          className={cn(
            'z-50 max-h-[var(--radix-select-content-available-height)] w-[var(--radix-select-trigger-width)] overflow-hidden border-2 border-neon-cyan bg-panel shadow-hard',
            listClassName,
          )}
        >
          <Select.Viewport className="p-1" data-testid={viewportTestId}>
            {options.map((option) => (
              <Select.Item
                key={option.value}
                value={option.value}
                data-testid={optionTestId(option.value)}
                className="relative flex cursor-pointer items-center py-2 pr-3 pl-8 text-lg leading-none text-ink outline-none select-none data-[highlighted]:bg-neon-cyan data-[highlighted]:text-void data-[state=checked]:text-neon-cyan data-[highlighted]:data-[state=checked]:text-void"
              >
                <Select.ItemIndicator className="absolute left-2 inline-flex items-center">
                  <Check aria-hidden className="size-4" />
                </Select.ItemIndicator>
                <Select.ItemText>{option.label}</Select.ItemText>
              </Select.Item>
            ))}
          </Select.Viewport>
        </Select.Content>
      </Select.Portal>
    </Select.Root>
  );
}
