import { Link } from 'wouter';
import { Swords } from 'lucide-react';
import { tierFor, type LeaderboardEntry } from '@common/game-api';
import { cn } from '@client/lib/cn';
import { Button } from '@client/ui';
import { RankedName, RankMark, rankRowClass } from './rank-mark';
import { TierBadge } from './tier-badge';

const SKELETON_ROWS = 8;
const ROW = 'h-16 border-b-2 border-edge/60';
const CELL = 'px-2 py-2 sm:px-4';

function SkeletonRows() {
  return (
    <>
      {Array.from({ length: SKELETON_ROWS }, (_, i) => (
        <tr key={i} className={ROW} data-testid="leaderboard-skeleton-row" aria-hidden>
          <td className={CELL}>
            <span className="block h-5 w-8 bg-panel-3 motion-safe:animate-pulse" />
          </td>
          <td className={CELL}>
            <span className="block h-5 w-28 bg-panel-3 motion-safe:animate-pulse sm:w-40" />
          </td>
          <td className={cn(CELL, 'hidden sm:table-cell')}>
            <span className="ml-auto block h-5 w-8 bg-panel-3 motion-safe:animate-pulse" />
          </td>
          <td className={cn(CELL, 'hidden sm:table-cell')}>
            <span className="ml-auto block h-5 w-8 bg-panel-3 motion-safe:animate-pulse" />
          </td>
          <td className={CELL}>
            <span className="ml-auto block h-5 w-12 bg-panel-3 motion-safe:animate-pulse" />
          </td>
          <td className={CELL}>
            <span className="block h-5 w-16 bg-panel-3 motion-safe:animate-pulse" />
          </td>
        </tr>
      ))}
    </>
  );
}

function EntryRow({ entry, isMe }: { entry: LeaderboardEntry; isMe: boolean }) {
  return (
    <tr
      data-testid="leaderboard-row"
      data-rank={entry.rank}
      data-username={entry.username}
      data-current={isMe || undefined}
      aria-current={isMe ? 'true' : undefined}
      className={rankRowClass(entry.rank, isMe, ROW)}
    >
      <td className={cn(CELL, 'w-14 sm:w-20')} data-testid="leaderboard-rank">
        <RankMark rank={entry.rank} />
      </td>
      <td className={cn(CELL, 'max-w-0')}>
        <RankedName username={entry.username} rank={entry.rank} isMe={isMe} testId="leaderboard-username" />
        <p className="mt-1 text-base leading-none text-ink-muted sm:hidden">
          Lv {entry.level} · {entry.wins}W
        </p>
      </td>
      <td className={cn(CELL, 'hidden text-right font-pixel text-pixel-xs sm:table-cell')} data-testid="leaderboard-level">
        {entry.level}
      </td>
      <td className={cn(CELL, 'hidden text-right font-pixel text-pixel-xs sm:table-cell')} data-testid="leaderboard-wins">
        {entry.wins}
      </td>
      <td className={cn(CELL, 'text-right font-pixel text-pixel-2xs text-neon-cyan sm:text-pixel-xs')} data-testid="leaderboard-score">
        {entry.score.toLocaleString('en-US')}
      </td>
      <td className={cn(CELL, 'w-24 sm:w-32')}>
        <TierBadge tier={entry.tier ?? tierFor(entry.score)} />
      </td>
    </tr>
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
    <table data-testid="leaderboard-table" aria-busy={loading} className="w-full table-fixed border-collapse text-left">
      <caption className="sr-only">Player rankings by score</caption>
      <thead>
        <tr className="border-b-4 border-edge font-pixel text-pixel-2xs text-ink-dim uppercase">
          <th scope="col" className={cn(CELL, 'w-14 py-3 font-normal sm:w-20')}>
            Rank
          </th>
          <th scope="col" className={cn(CELL, 'py-3 font-normal')}>
            Player
          </th>
          <th scope="col" className={cn(CELL, 'hidden w-20 py-3 text-right font-normal sm:table-cell')}>
            Level
          </th>
          <th scope="col" className={cn(CELL, 'hidden w-20 py-3 text-right font-normal sm:table-cell')}>
            Wins
          </th>
          <th scope="col" className={cn(CELL, 'w-16 py-3 text-right font-normal sm:w-28')}>
            Score
          </th>
          <th scope="col" className={cn(CELL, 'w-24 py-3 font-normal sm:w-32')}>
            Tier
          </th>
        </tr>
      </thead>
      <tbody>
        {loading || !entries ? (
          <SkeletonRows />
        ) : entries.length === 0 ? (
          <tr>
            <td colSpan={6} className="px-4 py-12 text-center" data-testid="leaderboard-empty">
              <p className="text-lg text-ink-muted">No ranked players yet. Win a battle to claim the top spot!</p>
              <Button asChild className="mt-4">
                <Link href="/battle">
                  <Swords aria-hidden />
                  Go to Battle
                </Link>
              </Button>
            </td>
          </tr>
        ) : (
          entries.map((entry) => <EntryRow key={entry.userId} entry={entry} isMe={entry.userId === currentUserId} />)
        )}
      </tbody>
    </table>
  );
}
