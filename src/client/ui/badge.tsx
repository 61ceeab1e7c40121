import type { ComponentProps } from 'react';
import { cn } from '@client/lib/cn';

export type BadgeVariant = 'default' | 'cyan' | 'magenta' | 'lime' | 'gold' | 'danger' | 'outline';

const variants: Record<BadgeVariant, string> = {
  default: 'border-edge-bright bg-panel-3 text-ink',
  cyan: 'border-neon-cyan bg-neon-cyan/15 text-neon-cyan',
  magenta: 'border-neon-magenta bg-neon-magenta/15 text-[#ff7ae6]',
  lime: 'border-neon-lime bg-neon-lime/15 text-neon-lime',
  gold: 'border-gold bg-gold/15 text-gold',
  danger: 'border-danger bg-danger/15 text-[#ff8a95]',
  outline: 'border-edge-bright bg-transparent text-ink-muted',
};

export interface BadgeProps extends ComponentProps<'span'> {
  variant?: BadgeVariant;
}

/** A small pixel tag for classes, rarities, roles and states. */
export function Badge({ variant = 'default', className, ...props }: BadgeProps) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 border-2 px-2 py-1 font-pixel text-pixel-2xs leading-none whitespace-nowrap uppercase [&_svg]:size-3',
        variants[variant],
        className,
      )}
      {...props}
    />
  );
}
