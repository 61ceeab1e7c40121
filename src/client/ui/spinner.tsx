import { cn } from '@client/lib/cn';

/** Ring cells of a 3x3 grid, clockwise from the top-left corner. */
const CELLS: Array<[row: number, col: number]> = [
  [1, 1], [1, 2], [1, 3], [2, 3], [3, 3], [3, 2], [3, 1], [2, 1],
];

const sizes = { sm: 'size-5 gap-0.5', md: 'size-9 gap-1', lg: 'size-14 gap-1.5' } as const;

export interface SpinnerProps {
  label?: string;
  size?: keyof typeof sizes;
  className?: string;
}

/** Pixel-art loading indicator: eight squares lit in turn, with an optional text. */
export function Spinner({ label, size = 'md', className }: SpinnerProps) {
  return (
    <div role="status" aria-live="polite" className={cn('flex flex-col items-center justify-center gap-4', className)}>
      <div aria-hidden className={cn('pixel-spinner grid grid-cols-3 grid-rows-3', sizes[size])}>
        {CELLS.map(([row, col], i) => (
          <span
            key={i}
            className={cn('animate-pixel-chase', i % 2 === 0 ? 'bg-neon-cyan' : 'bg-neon-magenta')}
            style={{ gridRow: row, gridColumn: col, animationDelay: `${(i - CELLS.length) * 0.1}s` }}
          />
        ))}
      </div>
      {label ? (
        <span className="font-pixel text-pixel-xs text-ink-muted">{label}</span>
      ) : (
        <span className="sr-only">Loading</span>
      )}
    </div>
  );
}
