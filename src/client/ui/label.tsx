import type { ComponentProps } from 'react';
import { Label as RadixLabel } from 'radix-ui';
import { cn } from '@client/lib/cn';

/** A form label in the pixel font. */
export function Label({ className, ...props }: ComponentProps<typeof RadixLabel.Root>) {
  return (
    <RadixLabel.Root
      className={cn('block font-pixel text-pixel-2xs tracking-wide text-ink-muted uppercase', className)}
      {...props}
    />
  );
}
