import type { ReactNode } from 'react';

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

/** The trigger's look, the same before and after the select's code has arrived. */
export const SELECT_TRIGGER_CLASS =
  'flex h-11 min-w-0 cursor-pointer items-center gap-2 border-2 border-edge-bright bg-void px-3 text-left text-lg text-ink hover:border-neon-cyan/70 focus-visible:border-neon-cyan focus-visible:outline-offset-2 data-[state=open]:border-neon-cyan';
