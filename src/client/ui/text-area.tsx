import type { ComponentProps } from 'react';
import { cn } from '@client/lib/cn';

/** A multi-line text field in the look of the kit's Input; pair it with a <Label htmlFor>. */
export function TextArea({ className, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      className={cn(
        'block min-h-24 w-full min-w-0 resize-y border-2 border-edge-bright bg-void px-3 py-2 text-lg text-ink',
        'placeholder:text-ink-dim hover:border-neon-cyan/70 focus-visible:border-neon-cyan focus-visible:outline-offset-2',
        'disabled:cursor-not-allowed disabled:opacity-60',
        className,
      )}
      {...props}
    />
  );
}
