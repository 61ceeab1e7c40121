import type { ReactNode } from 'react';
import { cn } from '@client/lib/cn';
import { RankMark, rankRowClass } from './rank-mark';

const SKELETON_ROWS = 8;
const ROW = 'h-16 border-b-2 border-edge/60';
export const RANKING_CELL = 'px-2 py-2 sm:px-4';

/** One column after Rank: its header, its cell, and the grey bar it shows while loading. */
export interface RankingColumn<T> {
  label: string;
  /** Classes of the header cell (width, alignment, when it hides). */
  th: string;
  /** Classes of the body cells. */
  td?: string;
  testId?: string;
  /** Classes of the loading bar (its width, 'ml-auto' to right-align). */
  skeleton: string;
  /** Classes of the loading cell (e.g. hidden on a phone like the column). */
  skeletonTd?: string;
  cell: (entry: T, isMe: boolean) => ReactNode;
}

/** What a ranked row needs: its place and its player. */
export interface RankedEntry {
  rank: number;
  username: string;
  userId: number;
}

export interface RankingTableProps<T extends RankedEntry> {
  /** The entries, or undefined while they load (grey rows show). */
  entries: readonly T[] | undefined;
  busy: boolean;
  columns: readonly RankingColumn<T>[];
  rowKey: (entry: T) => number;
  currentUserId: number | null;
  /** `leaderboard` gives test ids `leaderboard-row`, `leaderboard-rank`, `leaderboard-skeleton-row`. */
  testIdPrefix: string;
  testId: string;
  caption?: string;
  /** The first place's mark: a gold medal or a crown. */
  rankStyle?: 'medal' | 'crown';
  /** What shows in place of the rows when nobody is ranked. */
  empty: ReactNode;
  emptyTestId: string;
}

function SkeletonRows<T>({ columns, testId }: { columns: readonly RankingColumn<T>[]; testId: string }) {
  const bar = 'block h-5 bg-panel-3 motion-safe:animate-pulse';
  return Array.from({ length: SKELETON_ROWS }, (_, i) => (
    <tr key={i} className={ROW} data-testid={testId} aria-hidden>
      <td className={RANKING_CELL}>
        <span className={cn(bar, 'w-8')} />
      </td>
      {columns.map((c) => (
        <td key={c.label} className={cn(RANKING_CELL, c.skeletonTd)}>
          <span className={cn(bar, c.skeleton)} />
        </td>
      ))}
    </tr>
  ));
}

function EntryRow<T extends RankedEntry>({ entry, isMe, props }: { entry: T; isMe: boolean; props: RankingTableProps<T> }) {
  return (
    <tr
      data-testid={`${props.testIdPrefix}-row`}
      data-rank={entry.rank}
      data-username={entry.username}
      data-current={isMe || undefined}
      aria-current={isMe ? 'true' : undefined}
      className={rankRowClass(entry.rank, isMe, ROW)}
    >
      <td className={cn(RANKING_CELL, 'w-14 sm:w-20')} data-testid={`${props.testIdPrefix}-rank`}>
        <RankMark rank={entry.rank} style={props.rankStyle} />
      </td>
      {props.columns.map((c) => (
        <td key={c.label} className={cn(RANKING_CELL, c.td)} data-testid={c.testId}>
          {c.cell(entry, isMe)}
        </td>
      ))}
    </tr>
  );
}

/** The one ranking table of the game (/leaderboard and /arena): rank marks, the player's own row lit. */
export function RankingTable<T extends RankedEntry>(props: RankingTableProps<T>) {
  const { entries, busy, columns, testId, caption } = props;
  return (
    <table data-testid={testId} aria-busy={busy} className="w-full table-fixed border-collapse text-left">
      {caption ? <caption className="sr-only">{caption}</caption> : null}
      <thead>
        <tr className="border-b-4 border-edge font-pixel text-pixel-2xs text-ink-dim uppercase">
          <th scope="col" className={cn(RANKING_CELL, 'w-14 py-3 font-normal sm:w-20')}>
            Rank
          </th>
          {columns.map((c) => (
            <th key={c.label} scope="col" className={cn(RANKING_CELL, 'py-3 font-normal', c.th)}>
              {c.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {!entries ? (
          <SkeletonRows columns={columns} testId={`${props.testIdPrefix}-skeleton-row`} />
        ) : entries.length === 0 ? (
          <tr>
            <td colSpan={columns.length + 1} className="px-4 py-12 text-center" data-testid={props.emptyTestId}>
              {props.empty}
            </td>
          </tr>
        ) : (
          entries.map((e) => <EntryRow key={props.rowKey(e)} entry={e} isMe={e.userId === props.currentUserId} props={props} />)
        )}
      </tbody>
    </table>
  );
}
