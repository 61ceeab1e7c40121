import type { ComponentProps, MouseEvent } from 'react';
import { cn } from '@client/lib/cn';
import { playSoundLater } from '@client/lib/sound-later';
import { Slot } from './slot';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

const variants: Record<ButtonVariant, string> = {
  primary:
    'bg-neon-cyan text-void [--frame:#04343d] hover:bg-[#6aefff] disabled:bg-[#3d6f78] disabled:text-[#0b1c20]',
  secondary:
    'bg-panel-3 text-ink [--frame:var(--color-neon-magenta)] hover:bg-[#2f2f4d] disabled:text-ink-dim disabled:[--frame:var(--color-edge)]',
  danger: 'bg-danger text-void [--frame:#4a0911] hover:bg-[#ff7783] disabled:bg-[#7d3a41] disabled:text-[#1d0709]',
  ghost: 'bg-transparent text-ink-muted hover:bg-panel-3 hover:text-ink disabled:text-ink-dim',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'min-h-8 px-3 py-1.5 text-pixel-2xs gap-1.5 [&_svg]:size-3.5',
  md: 'min-h-10 px-4 py-2 text-pixel-xs gap-2 [&_svg]:size-4',
  lg: 'min-h-12 px-6 py-3 text-pixel-sm gap-2.5 [&_svg]:size-5',
  icon: 'size-10 p-0 [&_svg]:size-5',
};

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Render the single child (a link, say) with the button's look instead of a <button>. */
  asChild?: boolean;
  /** Play the click effect when pressed: on by default for primary buttons. */
  clickSound?: boolean;
}

/** Pixel button with a notched frame that sinks when pressed. */
export function Button({
  variant = 'primary',
  size = 'md',
  asChild = false,
  className,
  type,
  clickSound = variant === 'primary',
  onClick,
  ...props
}: ButtonProps) {
  const Comp = asChild ? Slot : 'button';
  return (
    <Comp
      type={asChild ? undefined : (type ?? 'button')}
      className={cn(
        'inline-flex shrink-0 cursor-pointer items-center justify-center font-pixel leading-none whitespace-nowrap uppercase no-underline select-none',
        'transition-colors duration-100 focus-visible:outline-offset-[6px]',
        'disabled:cursor-not-allowed aria-disabled:cursor-not-allowed [&_svg]:shrink-0',
        variant === 'ghost'
          ? 'active:translate-y-px'
          : 'm-[3px] pixel-button active:translate-y-0.5 active:pixel-button-pressed disabled:active:translate-y-0 disabled:pixel-button',
        variants[variant],
        sizes[size],
        className,
      )}
      onClick={
        clickSound
          ? (event: MouseEvent<HTMLButtonElement>) => {
              // The synthesiser loads with the first sound, not with the first screen; a load cut
              // short (the click reloads the page, a new build removed the file) is silent.
              playSoundLater('click');
              onClick?.(event);
            }
          : onClick
      }
      {...props}
    />
  );
}
