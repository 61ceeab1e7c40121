import { Link } from 'wouter';
import { Clapperboard } from 'lucide-react';
import { replayPath } from '@common/replay-paths';
import { Button, type ButtonSize } from '@client/ui';

/** 'Watch replay': opens a stored battle at `/replay/{id}`, on every result. */
export function WatchReplayLink({
  replayId,
  size = 'sm',
  label = 'Watch replay',
  ariaLabel,
  className,
}: {
  replayId: number;
  size?: ButtonSize;
  label?: string;
  /** Names the battle when several links sit side by side. */
  ariaLabel?: string;
  className?: string;
}) {
  return (
    <Button asChild variant="secondary" size={size} className={className}>
      <Link href={replayPath(replayId)} aria-label={ariaLabel} data-testid="watch-replay">
        <Clapperboard aria-hidden />
        {label}
      </Link>
    </Button>
  );
}
