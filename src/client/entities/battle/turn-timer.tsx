import { Timer } from 'lucide-react';
import { cn } from '@client/lib/cn';
import { Progress } from '@client/ui';
import { secondsLeft, useNow } from './turn-clock';

export interface TurnTimerProps {
  /** When the turn runs out (ISO or epoch ms). */
  deadline: string | number | null;
  /** The turn length the server runs (`turnSeconds`). */
  turnSeconds: number;
  /** Whose turn it is, as shown: 'Your turn', 'Their turn', "Neo's turn". */
  label: string;
  testId: string;
}

/** The visible turn countdown: seconds left and a draining bar, red for the last ten. */
export function TurnTimer({ deadline, turnSeconds, label, testId }: TurnTimerProps) {
  const now = useNow(deadline !== null, deadline);
  const total = Math.max(1, Math.round(turnSeconds));
  // The clock ticks once a second: a turn that began between two ticks never shows more than its length.
  const left = turnSeconds > 0 ? Math.min(total, secondsLeft(deadline, now)) : secondsLeft(deadline, now);
  const urgent = left <= Math.min(10, total / 3);
  return (
    <div data-testid={testId} data-seconds={left} data-deadline={deadline ?? undefined} className="flex min-w-0 flex-1 flex-col gap-1">
      <p className="flex items-center gap-2 font-pixel text-pixel-2xs text-ink-muted">
        <Timer aria-hidden className={cn('size-4 shrink-0', urgent ? 'text-danger' : 'text-gold')} />
        <span className="truncate">{label}:</span>
        <span data-testid={`${testId}-seconds`} className={cn('text-pixel-xs', urgent ? 'text-danger' : 'text-gold')} aria-label={`${left} seconds left`}>
          {left}s
        </span>
      </p>
      <Progress value={left} max={turnSeconds > 0 ? total : Math.max(1, left)} color={urgent ? 'danger' : 'gold'} aria-label="Turn time left" className="h-3" />
    </div>
  );
}
