import type { ReactNode } from 'react';
import { Select } from 'radix-ui';
import { Check, ChevronDown } from 'lucide-react';
import { cn } from '@client/lib/cn';

export interface PixelSelectOption<T extends string> {
  value: T;
  label: string;
}

export interface PixelSelectProps<T extends string> {
  id: string;
  value: T;
  options: readonly PixelSelectOption<T>[];
  onChange: (value: T) => void;
  /** Shown before the value in the trigger. */
  icon: ReactNode;
  /** `data-testid` of the trigger; each option gets `${testId}-${value}` unless `optionTestId` says otherwise. */
  testId: string;
  optionTestId?: (value: T) => string;
  viewportTestId?: string;
  triggerClassName?: string;
  /** Tailwind min-width of the open list, e.g. 'min-w-56'. */
  listClassName?: string;
}

/** The game's select: a pixel-bordered trigger and a popper list, keyboard and screen-reader ready (Radix). */
export function PixelSelect<T extends string>({
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
}: PixelSelectProps<T>) {
  return (
    <Select.Root
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
        className={cn(
          'flex h-11 min-w-0 cursor-pointer items-center gap-2 border-2 border-edge-bright bg-void px-3 text-left text-lg text-ink hover:border-neon-cyan/70 focus-visible:border-neon-cyan focus-visible:outline-offset-2 data-[state=open]:border-neon-cyan',
          triggerClassName,
        )}
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
