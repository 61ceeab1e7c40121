import { groupDigits } from '@common/constants';
import { Link } from 'wouter';
import { Swords } from 'lucide-react';
import { tierFor } from '@common/game-rules';
import type { LeaderboardEntry } from '@common/game-api';
import { RankedName } from '@client/entities/ranking/rank-mark';
import { RankingTable, type RankingColumn } from '@client/entities/ranking/ranking-table';
import { Button } from '@client/ui';
import { TierBadge } from './tier-badge';

const NUMBER = 'hidden text-right font-pixel text-pixel-xs sm:table-cell';

const COLUMNS: readonly RankingColumn<LeaderboardEntry>[] = [
  {
    label: 'Player',
    th: '',
    td: 'max-w-0',
    skeleton: 'w-28 sm:w-40',
    cell: (entry, isMe) => (
      <>
        <RankedName username={entry.username} rank={entry.rank} isMe={isMe} testId="leaderboard-username" />
        <p className="mt-1 text-base leading-none text-ink-muted sm:hidden">
          Lv {entry.level} · {entry.wins}W
        </p>
      </>
    ),
  },
  {
    label: 'Level',
    th: 'hidden w-20 text-right sm:table-cell',
    td: NUMBER,
    testId: 'leaderboard-level',
    skeleton: 'ml-auto w-8',
    skeletonTd: 'hidden sm:table-cell',
    cell: (entry) => entry.level,
  },
  {
    label: 'Wins',
    th: 'hidden w-20 text-right sm:table-cell',
    td: NUMBER,
    testId: 'leaderboard-wins',
    skeleton: 'ml-auto w-8',
    skeletonTd: 'hidden sm:table-cell',
    cell: (entry) => entry.wins,
  },
  {
    label: 'Score',
    th: 'w-16 text-right sm:w-28',
    td: 'text-right font-pixel text-pixel-2xs text-neon-cyan sm:text-pixel-xs',
    testId: 'leaderboard-score',
    skeleton: 'ml-auto w-12',
    cell: (entry) => groupDigits(entry.score),
  },
  {
    label: 'Tier',
    th: 'w-24 sm:w-32',
    td: 'w-24 sm:w-32',
    skeleton: 'w-16',
    cell: (entry) => <TierBadge tier={entry.tier ?? tierFor(entry.score)} />,
  },
];

function NobodyRanked() {
  return (
    <>
      <p className="text-lg text-ink-muted">No ranked players yet. Win a battle to claim the top spot!</p>
      <Button asChild className="mt-4">
        <Link href="/battle">
          <Swords aria-hidden />
          Go to Battle
        </Link>
      </Button>
    </>
  );
}

export interface LeaderboardTableProps {
  entries: readonly LeaderboardEntry[] | undefined;
  loading: boolean;
  currentUserId: number | null;
}

/** Rank, player, level, wins, score and tier; the top three wear medals. */
export function LeaderboardTable({ entries, loading, currentUserId }: LeaderboardTableProps) {
  return (
    <RankingTable
      entries={loading ? undefined : entries}
      busy={loading}
      columns={COLUMNS}
      rowKey={(entry) => entry.userId}
      currentUserId={currentUserId}
      testIdPrefix="leaderboard"
      testId="leaderboard-table"
      caption="Player rankings by score"
      empty={<NobodyRanked />}
      emptyTestId="leaderboard-empty"
    />
  );
}
