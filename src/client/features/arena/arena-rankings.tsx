import { useQuery } from '@tanstack/react-query';
import { Info, RotateCcw } from 'lucide-react';
import { CLASSES } from '@common/characters';
import type { RankingCategory, RankingEntry } from '@common/game-api';
import { avatarSpriteFile } from '@common/sprite-files';
import { isUnauthorized } from '@client/lib/api';
import { cn } from '@client/lib/cn';
import { SpriteImage } from '@client/ui/character-sprite';
import { Button, Tabs, TabsContent, TabsList, TabsTrigger } from '@client/ui';
import { RankedName, RankMark, rankRowClass } from '@client/features/leaderboard/rank-mark';

/** SPEC §9: rankings come 20 at a time. */
export const RANKINGS_LIMIT = 20;
export const RANKINGS_ERROR_TEXT = 'Failed to load rankings. Please try again.';

interface Column {
  label: string;
  value: (e: RankingEntry) => string;
  testId: string;
}

const CATEGORIES: ReadonlyArray<{ value: RankingCategory; label: string; columns: readonly [Column, Column] }> = [
  {
    value: 'overall',
    label: 'Overall',
    columns: [
      { label: 'Level', value: (e) => String(e.level), testId: 'ranking-level' },
      { label: 'Score', value: (e) => Math.round(e.score).toLocaleString('en-US'), testId: 'ranking-score' },
    ],
  },
  {
    value: 'level',
    label: 'By Level',
    columns: [
      { label: 'Level', value: (e) => String(e.level), testId: 'ranking-level' },
      { label: 'Wins', value: (e) => String(e.wins), testId: 'ranking-wins' },
    ],
  },
  {
    value: 'wins',
    label: 'By Wins',
    columns: [
      { label: 'Wins', value: (e) => String(e.wins), testId: 'ranking-wins' },
      { label: 'Losses', value: (e) => String(e.losses), testId: 'ranking-losses' },
    ],
  },
];

const CELL = 'px-2 py-2 sm:px-4';
const ROW = 'h-16 border-b-2 border-edge/60';

function RankingTable({ category, columns, currentUserId }: { category: RankingCategory; columns: readonly [Column, Column]; currentUserId: number | null }) {
  const query = useQuery<RankingEntry[]>({ queryKey: ['/api/rankings', { category, limit: RANKINGS_LIMIT }] });
  const entries = query.data;

  if (query.isError && !entries) {
    return (
      <div role="alert" data-testid="rankings-error" className="flex flex-col items-center gap-4 px-4 py-12 text-center">
        <p className="text-lg text-[#ff8a95]">
          {isUnauthorized(query.error) ? 'Please log in to see the rankings.' : RANKINGS_ERROR_TEXT}
        </p>
        <Button variant="secondary" onClick={() => void query.refetch()} disabled={query.isFetching}>
          <RotateCcw aria-hidden />
          Try Again
        </Button>
      </div>
    );
  }

  return (
    <table data-testid={`rankings-table-${category}`} aria-busy={query.isPending} className="w-full table-fixed border-collapse text-left">
      <thead>
        <tr className="border-b-4 border-edge font-pixel text-pixel-2xs text-ink-dim uppercase">
          <th scope="col" className={cn(CELL, 'w-14 py-3 font-normal sm:w-20')}>
            Rank
          </th>
          <th scope="col" className={cn(CELL, 'py-3 font-normal')}>
            Player
          </th>
          {columns.map((c) => (
            <th key={c.label} scope="col" className={cn(CELL, 'w-16 py-3 text-right font-normal sm:w-24')}>
              {c.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {!entries ? (
          Array.from({ length: 8 }, (_, i) => (
            <tr key={i} aria-hidden className={ROW} data-testid="ranking-skeleton-row">
              <td className={CELL}>
                <span className="block h-5 w-8 bg-panel-3 motion-safe:animate-pulse" />
              </td>
              <td className={CELL}>
                <span className="block h-5 w-32 bg-panel-3 motion-safe:animate-pulse sm:w-48" />
              </td>
              <td className={CELL}>
                <span className="ml-auto block h-5 w-8 bg-panel-3 motion-safe:animate-pulse" />
              </td>
              <td className={CELL}>
                <span className="ml-auto block h-5 w-10 bg-panel-3 motion-safe:animate-pulse" />
              </td>
            </tr>
          ))
        ) : entries.length === 0 ? (
          <tr>
            <td colSpan={4} className="px-4 py-12 text-center text-lg text-ink-muted" data-testid="rankings-empty">
              No ranked fighters yet.
            </td>
          </tr>
        ) : (
          entries.map((e) => {
            const isMe = e.userId === currentUserId;
            return (
              <tr
                key={e.characterId}
                data-testid="ranking-row"
                data-rank={e.rank}
                data-username={e.username}
                data-current={isMe || undefined}
                aria-current={isMe ? 'true' : undefined}
                className={rankRowClass(e.rank, isMe, ROW)}
              >
                <td className={CELL} data-testid="ranking-rank">
                  <RankMark rank={e.rank} style="crown" />
                </td>
                <td className={cn(CELL, 'max-w-0')}>
                  <div className="flex min-w-0 items-center gap-2 sm:gap-3">
                    <span aria-hidden className="hidden size-10 shrink-0 place-items-center border-2 border-edge bg-panel-2 sm:grid">
                      <SpriteImage file={avatarSpriteFile(e.characterAvatar, e.imageSet)} size={32} />
                    </span>
                    <div className="min-w-0">
                      <RankedName username={e.username} rank={e.rank} isMe={isMe} testId="ranking-username" />
                      <p className="truncate text-base leading-tight text-ink-muted">
                        {e.characterName} · {CLASSES[e.class]?.name ?? e.class}
                      </p>
                    </div>
                  </div>
                </td>
                {columns.map((c) => (
                  <td key={c.label} data-testid={c.testId} className={cn(CELL, 'text-right font-pixel text-pixel-2xs sm:text-pixel-xs', c.label === 'Score' && 'text-neon-cyan')}>
                    {c.value(e)}
                  </td>
                ))}
              </tr>
            );
          })
        )}
      </tbody>
    </table>
  );
}

/** Rankings by overall score, level and wins (`GET /api/rankings?category=&limit=20`). */
export function ArenaRankings({ currentUserId }: { currentUserId: number | null }) {
  return (
    <Tabs defaultValue="overall">
      <TabsList aria-label="Ranking categories" className="bg-transparent">
        {CATEGORIES.map((c) => (
          <TabsTrigger key={c.value} value={c.value} className="whitespace-nowrap max-sm:px-1 max-sm:text-pixel-2xs">
            {c.label}
          </TabsTrigger>
        ))}
      </TabsList>
      {CATEGORIES.map((c) => (
        <TabsContent key={c.value} value={c.value} className="pt-3">
          {c.value === 'overall' ? (
            <p data-testid="overall-description" className="mb-3 flex items-start gap-2 px-1 text-base text-ink-muted">
              <Info aria-hidden className="mt-0.5 size-4 shrink-0 text-neon-cyan" />
              The overall score combines level, wins and character value.
            </p>
          ) : null}
          <RankingTable category={c.value} columns={c.columns} currentUserId={currentUserId} />
        </TabsContent>
      ))}
    </Tabs>
  );
}
