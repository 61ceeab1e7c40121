import { RotateCcw } from 'lucide-react';
import { isUnauthorized } from '@client/lib/api';
import { Button } from '@client/ui';

export const RANKINGS_ERROR_TEXT = 'Failed to load rankings. Please try again.';

/** A ranking list that failed to load: why, and Try Again. */
export function RankingsError({ error, retrying, onRetry }: { error: unknown; retrying: boolean; onRetry: () => void }) {
  return (
    <div role="alert" data-testid="rankings-error" className="flex flex-col items-center gap-4 px-4 py-12 text-center">
      <p className="text-lg text-[#ff8a95]">{isUnauthorized(error) ? 'Please log in to see the rankings.' : RANKINGS_ERROR_TEXT}</p>
      <Button variant="secondary" onClick={onRetry} disabled={retrying}>
        <RotateCcw aria-hidden />
        Try Again
      </Button>
    </div>
  );
}
