import { History } from 'lucide-react';
import type { PvpBattleEndedView } from '@common/pvp';
import { cn } from '@client/lib/cn';
import { Card, CardContent } from '@client/ui';
import { ratingChangeText } from '@client/entities/battle/pvp-outcome';
import { WatchReplayLink } from '@client/entities/battle/watch-replay-link';
import { outcomeFor } from '@client/entities/pvp/pvp-selectors';

/** The lobby remembers the battle just fought: how it went and its replay. */
export function LastBattle({ ended, myId }: { ended: PvpBattleEndedView; myId: number }) {
  const outcome = outcomeFor(ended, myId);
  const foe = ended.battle.player1.id === myId ? ended.battle.player2 : ended.battle.player1;
  const rating = outcome === 'no-contest' ? null : ratingChangeText(ended.rating);
  const said = outcome === 'victory' ? 'Victory' : outcome === 'defeat' ? 'Defeat' : 'No contest';
  return (
    <Card data-testid="pvp-last-battle" className="min-w-0">
      <CardContent className="flex flex-wrap items-center gap-x-4 gap-y-2 pt-4">
        <History aria-hidden className="size-5 shrink-0 text-ink-dim" />
        <p className="min-w-0 flex-1 text-lg text-ink-muted">
          Last battle vs {foe.username}:{' '}
          <span className={cn(outcome === 'victory' ? 'text-neon-lime' : outcome === 'defeat' ? 'text-danger' : 'text-gold')}>{said}</span>
          {rating ? ` · ${rating}` : ''}
        </p>
        {ended.replayId ? <WatchReplayLink replayId={ended.replayId} /> : null}
      </CardContent>
    </Card>
  );
}
