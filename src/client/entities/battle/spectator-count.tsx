import { Eye } from 'lucide-react';
import { Badge } from '@client/ui';

/** How many players watch a battle, shown to its fighters (and to those watching). */
export function SpectatorCount({ count }: { count: number }) {
  return (
    <Badge variant={count > 0 ? 'cyan' : 'outline'} data-testid="spectator-count" data-count={count} className="normal-case">
      <Eye aria-hidden />
      {count === 1 ? '1 watching' : `${count} watching`}
    </Badge>
  );
}
