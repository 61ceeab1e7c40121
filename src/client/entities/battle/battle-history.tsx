import { useQuery } from '@tanstack/react-query';
import { History } from 'lucide-react';
import type { EndReason } from '@common/battle-events';
import type { BattleHistoryEntry, BattleKind } from '@common/replays';
import { errorMessage } from '@client/lib/api';
import { api } from '@client/lib/endpoints';
import { Badge, Spinner } from '@client/ui';
import { battleKeys } from './battle-queries';
import { WatchReplayLink } from './watch-replay-link';

const KINDS: Record<BattleKind, string> = { pve: 'PvE', pvp: 'PvP', guild: 'Guild' };
const REASONS: Record<EndReason, string> = { knockout: 'K.O.', time: 'time limit', forfeit: 'forfeit', timeout: 'turn timer' };

function HistoryRow({ entry }: { entry: BattleHistoryEntry }) {
  const won = entry.result === 'victory';
  const opponent = entry.opponent.username ? `${entry.opponent.name} (${entry.opponent.username})` : entry.opponent.name;
  return (
    <li data-testid="battle-history-entry" data-replay-id={entry.replayId} className="flex flex-wrap items-center gap-x-3 gap-y-1 border-2 border-edge bg-void/50 px-2 py-1.5">
      <Badge variant={won ? 'lime' : 'danger'}>{won ? 'Victory' : 'Defeat'}</Badge>
      <span className="min-w-0 flex-1 basis-40 text-base leading-tight text-ink">
        <span className="text-ink-dim">{KINDS[entry.kind]} vs </span>
        {opponent}
        <span className="text-ink-dim">
          {' '}
          · Lv {entry.opponent.level} · {REASONS[entry.reason]} · {new Date(entry.date).toLocaleDateString()}
        </span>
      </span>
      <WatchReplayLink replayId={entry.replayId} ariaLabel={`Watch replay: ${KINDS[entry.kind]} vs ${entry.opponent.name}`} className="ml-auto" />
    </li>
  );
}

/** A character's last battles (`GET /api/characters/{id}/battles`, newest first), each with its replay. */
export function BattleHistory({ characterId }: { characterId: number }) {
  const query = useQuery({
    queryKey: battleKeys.history(characterId),
    queryFn: ({ signal }) => api.replays.characterBattles({ params: { id: characterId } }, { signal }),
  });
  return (
    <section aria-labelledby={`battle-history-${characterId}`} className="flex flex-col gap-2" data-testid="battle-history">
      <h3 id={`battle-history-${characterId}`} className="flex items-center gap-2 font-pixel text-pixel-2xs text-ink-muted uppercase">
        <History aria-hidden className="size-4" />
        Recent battles
      </h3>
      {query.isPending ? (
        <Spinner size="sm" label="Loading battles..." />
      ) : query.isError ? (
        <p className="text-base text-danger">Failed to load battles: {errorMessage(query.error)}</p>
      ) : query.data.length === 0 ? (
        <p className="text-base text-ink-dim" data-testid="battle-history-empty">
          No battles yet.
        </p>
      ) : (
        <ol className="m-0 flex max-h-72 list-none flex-col gap-1.5 overflow-y-auto p-0">
          {query.data.map((entry) => (
            <HistoryRow key={entry.replayId} entry={entry} />
          ))}
        </ol>
      )}
    </section>
  );
}
