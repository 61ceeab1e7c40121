import { Gauge } from 'lucide-react';
import type { RatingView } from '@common/pvp';
import { Badge } from '@client/ui';

/** '1500 ± 350' as a player reads a PvP rating. */
export function formatRating({ rating, deviation }: RatingView): string {
  return `${Math.round(rating)} ± ${Math.round(deviation)}`;
}

/** A fighter's PvP rating (Glicko-2) with its deviation. */
export function RatingBadge({ rating, testId }: { rating: RatingView; testId?: string }) {
  return (
    <Badge variant="outline" data-testid={testId} title="PvP rating" className="normal-case">
      <Gauge aria-hidden />
      <span className="sr-only">PvP rating </span>
      {formatRating(rating)}
    </Badge>
  );
}
