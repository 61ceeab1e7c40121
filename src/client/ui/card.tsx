import type { ComponentProps } from 'react';
import { cn } from '@client/lib/cn';

export type CardAccent = 'default' | 'cyan' | 'magenta' | 'lime' | 'gold' | 'danger';

const accents: Record<CardAccent, string> = {
  default: '[--frame:var(--color-edge)]',
  cyan: '[--frame:var(--color-neon-cyan)]',
  magenta: '[--frame:var(--color-neon-magenta)]',
  lime: '[--frame:var(--color-neon-lime)]',
  gold: '[--frame:var(--color-gold)]',
  danger: '[--frame:var(--color-danger)]',
};

export interface CardProps extends ComponentProps<'div'> {
  accent?: CardAccent;
}

/** A panel with a notched pixel frame and a hard drop shadow. */
export function Card({ accent = 'default', className, ...props }: CardProps) {
  return (
    <div
      className={cn('m-1 pixel-frame bg-panel text-ink shadow-none [--frame-size:4px]', accents[accent], className)}
      {...props}
    />
  );
}

export function CardHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-2 p-5 pb-3', className)} {...props} />;
}

/**
 * A card's heading: an h2 by default, the level after a screen's h1 (a heading level is never
 * skipped); `as` sets another where a card sits under a section's own h2.
 */
export function CardTitle({ className, as: Heading = 'h2', ...props }: ComponentProps<'h2'> & { as?: 'h2' | 'h3' | 'h4' }) {
  return <Heading className={cn('font-pixel text-pixel-sm leading-relaxed text-ink', className)} {...props} />;
}

export function CardDescription({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('text-base text-ink-muted', className)} {...props} />;
}

export function CardContent({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('p-5 pt-2', className)} {...props} />;
}

export function CardFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-wrap items-center gap-3 p-5 pt-0', className)} {...props} />;
}
