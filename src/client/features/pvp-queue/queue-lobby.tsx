import { LogOut, Search } from 'lucide-react';
import type { CharacterView } from '@common/game-api';
import type { QueueStatusView } from '@common/pvp';
import { Button, Card, CardContent, CardHeader, CardTitle, Spinner, StatTile } from '@client/ui';
import { PvpCooldownNote } from '@client/entities/pvp/pvp-cooldown';
import type { QueuePhase } from '@client/entities/pvp/pvp-state';

export interface QueueLobbyProps {
  phase: QueuePhase;
  status: QueueStatusView | null;
  selected: CharacterView | null;
  cooldownMs: number;
  onJoin: () => void;
  onLeave: () => void;
  leaving: boolean;
}

function turnRule(turnSeconds: number | undefined): string {
  const length = turnSeconds ? `Each turn lasts ${turnSeconds} seconds` : 'Each turn is timed';
  return `Matched players take turns: Attack, Defend or unleash a Special. ${length}; an idle player forfeits.`;
}

/** Matchmaking: the queue's numbers, Join or Leave, the PvP cooldown, and the turn rule. */
export function QueueLobby({ phase, status, selected, cooldownMs, onJoin, onLeave, leaving }: QueueLobbyProps) {
  return (
    <Card accent="cyan" data-testid="pvp-queue-panel" className="min-w-0">
      <CardHeader className="pb-2">
        <CardTitle>{phase === 'searching' ? 'Searching for an opponent...' : 'Matchmaking'}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          <StatTile size="sm" label="Queue time" value={`${status?.queueTime ?? 0}s`} testId="pvp-queue-time" />
          <StatTile size="sm" label="In queue" value={status?.playersInQueue ?? 0} testId="pvp-players-in-queue" />
          <StatTile size="sm" label="Battles" value={status?.activeBattles ?? 0} testId="pvp-active-battles" />
          <StatTile size="sm" label="Position" value={status?.position ?? '--'} testId="pvp-queue-position" />
        </dl>
        {phase === 'searching' ? (
          <div className="flex flex-wrap items-center gap-3">
            <Spinner size="sm" label="Searching..." className="flex-row gap-2 text-neon-cyan" />
            <Button variant="secondary" onClick={onLeave} disabled={leaving} data-testid="pvp-leave-queue">
              <LogOut aria-hidden />
              Leave Queue
            </Button>
          </div>
        ) : (
          <div className="flex flex-wrap items-center gap-3">
            <Button size="lg" data-testid="pvp-join-queue" disabled={!selected || phase === 'joining' || cooldownMs > 0} onClick={onJoin}>
              <Search aria-hidden />
              {phase === 'joining' ? 'Joining...' : 'Join Queue'}
            </Button>
            {cooldownMs > 0 ? (
              <PvpCooldownNote ms={cooldownMs} testId="pvp-cooldown" />
            ) : selected ? (
              <span className="text-lg text-neon-lime">Ready: {selected.name}</span>
            ) : (
              <span className="text-lg text-gold">Every fighter is listed for sale</span>
            )}
          </div>
        )}
        <p className="text-base text-ink-dim" data-testid="pvp-turn-rule">
          {turnRule(status?.turnSeconds)}
        </p>
      </CardContent>
    </Card>
  );
}
