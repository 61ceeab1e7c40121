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

export function CardTitle({ className, ...props }: ComponentProps<'h3'>) {
  return <h3 className={cn('font-pixel text-pixel-sm leading-relaxed text-ink', className)} {...props} />;
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
