import { useState } from 'react';
import { Coins, Crown } from 'lucide-react';
import { groupDigits } from '@common/constants';
import { characterGate } from '@client/entities/character/character-gate';
import { SocketReplacedNotice } from '@client/entities/user/socket-replaced';
import { isUnauthorized } from '@client/lib/api';
import { useReducedMotion } from '@client/lib/motion';
import { Badge, PageHeader } from '@client/ui';
import { FighterPicker } from '@client/entities/battle/fighter-picker';
import { GhostOffer } from '@client/entities/battle/ghost-offer';
import { SocketBadge } from '@client/entities/battle/socket-badge';
import { usePvpCooldown } from '@client/entities/pvp/pvp-cooldown';
import { useMyCharacters } from '@client/entities/character/use-my-characters';
import type { QueuePhase } from '@client/entities/pvp/pvp-state';
import { LastBattle } from './last-battle';
import { QueueBattle } from './queue-battle';
import { QueueLobby } from './queue-lobby';
import { usePvpQueue } from './use-pvp-queue';

function Header({ credits }: { credits?: number | null }) {
  const badge =
    typeof credits === 'number' ? (
      <Badge variant="gold" className="gap-1.5 px-3 py-1.5" data-testid="pvp-credits">
        <Coins aria-hidden className="size-4" />
        {groupDigits(credits)} credits
      </Badge>
    ) : undefined;
  return <PageHeader title="PvP Arena" subtitle="Queue up and fight other players turn by turn" icon={<Crown />} actions={badge} />;
}

const PHASES: Record<QueuePhase, string> = { idle: 'Idle', joining: 'Joining queue...', searching: 'Searching', battle: 'In battle', ended: 'Battle over' };

/** PvP, queue variant (SPEC §2, §4): pick a fighter, queue, then fight turn by turn. */
export function PvpQueuePage() {
  const chars = useMyCharacters();
  const { characters } = chars;
  const reducedMotion = useReducedMotion();
  const pvp = usePvpQueue({ enabled: characters.length > 0 });
  const [chosenId, setChosenId] = useState<number | null>(null);
  const free = characters.filter((c) => c.listing === null);
  const selected = free.find((c) => c.id === chosenId) ?? free[0] ?? null;
  const cooldownMs = usePvpCooldown(selected);

  const gate = characterGate(chars, {
    header: <Header credits={chars.isPending ? undefined : pvp.user?.credits} />,
    authMessage: 'You need to be logged in to fight other players',
    emptyMessage: 'You need a fighter before you can queue for PvP.',
    unauthorized: pvp.statusQuery.isError && isUnauthorized(pvp.statusQuery.error),
  });
  if (gate) return gate;

  const { phase, battle, ended, ghostOffer, last } = pvp.state;
  const { socket, join, leave, ghost, move, forfeit } = pvp;
  // The socket's state and the phase, above the lobby or the battle.
  const lead = (
    <>
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <SocketBadge status={socket.status} />
        <Badge variant="outline" data-testid="pvp-phase" data-phase={phase}>
          {PHASES[phase]}
        </Badge>
      </div>
      {socket.status === 'replaced' ? <SocketReplacedNotice onReconnect={socket.reconnect} className="mb-4" /> : null}
    </>
  );
  return (
    <>
      <Header credits={pvp.user?.credits} />
      {(phase === 'battle' || phase === 'ended') && battle ? (
        <QueueBattle
          lead={lead}
          battle={battle}
          ended={ended}
          myId={pvp.myId}
          reducedMotion={reducedMotion}
          move={{ pending: move.isPending, run: (m) => move.mutate(m) }}
          forfeit={{ pending: forfeit.isPending, run: () => forfeit.mutate() }}
        />
      ) : (
        <>
          {lead}
          <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
            <div className="flex min-w-0 flex-col gap-6">
              <QueueLobby phase={phase} status={pvp.status} selected={selected} cooldownMs={cooldownMs} onJoin={() => selected && join.mutate(selected.id)} onLeave={() => leave.mutate()} leaving={leave.isPending} />
              {ghostOffer && phase === 'searching' ? <GhostOffer offer={ghostOffer} onAccept={() => ghost.mutate()} pending={ghost.isPending} /> : null}
              {last ? <LastBattle ended={last} myId={pvp.myId} /> : null}
            </div>
            <div className="min-w-0">
              <FighterPicker characters={characters} selectedId={selected?.id ?? null} onSelect={setChosenId} disabled={phase !== 'idle'} />
            </div>
          </div>
        </>
      )}
    </>
  );
}
