import type { ComponentProps } from 'react';
import { cn } from '@client/lib/cn';

/** A form label in the pixel font; a double click on it does not select its text. */
export function Label({ className, onMouseDown, ...props }: ComponentProps<'label'>) {
  return (
    <label
      className={cn('block font-pixel text-pixel-2xs tracking-wide text-ink-muted uppercase', className)}
      onMouseDown={(event) => {
        onMouseDown?.(event);
        // A control inside the label keeps its own double click (selecting a word of an input).
        if ((event.target as Element).closest('button, input, select, textarea')) return;
        if (!event.defaultPrevented && event.detail > 1) event.preventDefault();
      }}
      {...props}
    />
  );
}
