import { useQuery } from '@tanstack/react-query';
import { Medal } from 'lucide-react';
import { CLASSES } from '@common/classes';
import type { PvpRankingEntry } from '@common/pvp';
import { useCurrentUser } from '@client/lib/use-auth';
import { Badge } from '@client/ui';
import { RankedName } from '@client/entities/ranking/rank-mark';
import { rankingKeys } from '@client/entities/ranking/ranking-keys';
import { fetchPvpLadder } from '@client/entities/ranking/ranking-queries';
import { RankingTable, type RankingColumn } from '@client/entities/ranking/ranking-table';
import { RankingsError } from './rankings-error';

type Row = PvpRankingEntry & { userId: number };

const VALUE = 'text-right font-pixel text-pixel-2xs sm:text-pixel-xs';

const COLUMNS: readonly RankingColumn<Row>[] = [
  {
    label: 'Player',
    th: '',
    td: 'max-w-0',
    skeleton: 'w-32 sm:w-48',
    cell: (e, isMe) => (
      <div className="min-w-0">
        <RankedName username={e.username} rank={e.rank} isMe={isMe} testId="pvp-ranking-username" />
        <p className="text-base leading-tight text-ink-muted wrap-anywhere">
          {e.characterName} <span className="whitespace-nowrap">· Lv {e.level} {CLASSES[e.class]?.name ?? e.class}</span>
        </p>
        {e.badges.length > 0 ? (
          <p className="mt-1 flex flex-wrap gap-1" data-testid="pvp-ranking-badges">
            {e.badges.map((b) => (
              <Badge key={b.season} variant="gold" title={`Season ${b.season}: #${b.rank}`} className="normal-case">
                <Medal aria-hidden />
                {b.season} #{b.rank}
              </Badge>
            ))}
          </p>
        ) : null}
      </div>
    ),
  },
  { label: 'Rating', th: 'w-24 text-right sm:w-32', td: `${VALUE} text-neon-cyan`, testId: 'pvp-ranking-rating', skeleton: 'ml-auto w-12', cell: (e) => `${e.rating} ±${e.deviation}` },
  { label: 'W / L', th: 'w-16 text-right sm:w-24', td: VALUE, testId: 'pvp-ranking-record', skeleton: 'ml-auto w-10', cell: (e) => `${e.wins}/${e.losses}` },
];

/** The season's PvP ladder (`GET /api/rankings?category=pvp`): rating ± deviation, wins, losses and badges of past seasons. */
export function PvpRankings({ currentUserId, limit }: { currentUserId: number | null; limit: number }) {
  const query = useQuery({ queryKey: rankingKeys.pvp(limit), queryFn: ({ signal }) => fetchPvpLadder(limit, signal) });
  const username = useCurrentUser().user?.username ?? null;
  if (query.isError && !query.data) return <RankingsError error={query.error} retrying={query.isFetching} onRetry={() => void query.refetch()} />;
  // The ladder names players, not ids: the player's own rows are those under their name.
  const rows = query.data?.map((e) => ({ ...e, userId: e.username === username ? (currentUserId ?? -1) : -1 }));
  const season = query.data?.[0]?.season;
  return (
    <>
      <p data-testid="pvp-season" className="mb-3 px-1 text-base text-ink-muted">
        {season ? `Season ${season}: ` : ''}Glicko-2 ratings; ± is how sure the rating is. Badges mark past seasons' top places.
      </p>
      <RankingTable
        entries={rows}
        busy={query.isPending}
        columns={COLUMNS}
        rowKey={(e) => e.characterId}
        currentUserId={currentUserId}
        testIdPrefix="pvp-ranking"
        testId="rankings-table-pvp"
        rankStyle="crown"
        empty={<p className="text-lg text-ink-muted">Nobody has fought a PvP battle this season yet.</p>}
        emptyTestId="pvp-rankings-empty"
      />
    </>
  );
}
