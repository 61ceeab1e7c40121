import type { ComponentProps } from 'react';
import { cn } from '@client/lib/cn';

/** A text field with a pixel border; pair it with a <Label htmlFor>. */
export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return (
    <input
      type={type}
      className={cn(
        'block h-11 w-full min-w-0 border-2 border-edge-bright bg-void px-3 text-lg text-ink',
        'placeholder:text-ink-dim hover:border-neon-cyan/70 focus-visible:border-neon-cyan focus-visible:outline-offset-2',
        'disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-danger',
        className,
      )}
      {...props}
    />
  );
}
