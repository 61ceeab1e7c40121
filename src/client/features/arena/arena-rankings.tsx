import { groupDigits } from '@common/constants';
import { useQuery } from '@tanstack/react-query';
import { Info } from 'lucide-react';
import { CLASSES } from '@common/classes';
import type { RankingCategory } from '@common/game-rules';
import type { RankingEntry } from '@common/game-api';
import { avatarSpriteFile } from '@common/sprite-files';
import { rankingKeys } from '@client/entities/ranking/ranking-keys';
import { fetchRanking } from '@client/entities/ranking/ranking-queries';
import { cn } from '@client/lib/cn';
import { SpriteImage } from '@client/ui/character-sprite';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/ui';
import { RankedName } from '@client/entities/ranking/rank-mark';
import { RankingTable, type RankingColumn } from '@client/entities/ranking/ranking-table';
import { PvpRankings } from './pvp-rankings';
import { RankingsError } from './rankings-error';

/** SPEC §9: rankings come 20 at a time. */
export const RANKINGS_LIMIT = 20;

type Value = (e: RankingEntry) => string;

const VALUE_TD = 'text-right font-pixel text-pixel-2xs sm:text-pixel-xs';

function valueColumn(label: string, testId: string, value: Value, skeleton: string, td = VALUE_TD): RankingColumn<RankingEntry> {
  return { label, th: 'w-16 text-right sm:w-24', td, testId, skeleton, cell: value };
}

const PLAYER: RankingColumn<RankingEntry> = {
  label: 'Player',
  th: '',
  td: 'max-w-0',
  skeleton: 'w-32 sm:w-48',
  cell: (e, isMe) => (
    <div className="flex min-w-0 items-center gap-2 sm:gap-3">
      <span aria-hidden className="hidden size-10 shrink-0 place-items-center border-2 border-edge bg-panel-2 sm:grid">
        <SpriteImage file={avatarSpriteFile(e.characterAvatar, e.imageSet)} size={32} />
      </span>
      <div className="min-w-0">
        <RankedName username={e.username} rank={e.rank} isMe={isMe} testId="ranking-username" />
        <p className="text-base leading-tight text-ink-muted wrap-anywhere">
          {/* Wrapping, the class goes to the next line with its dot, not the dot alone at the end of a line. */}
          {e.characterName} <span className="whitespace-nowrap">· {CLASSES[e.class]?.name ?? e.class}</span>
        </p>
      </div>
    </div>
  ),
};

const level = (skeleton: string) => valueColumn('Level', 'ranking-level', (e) => String(e.level), skeleton);
const wins = (skeleton: string) => valueColumn('Wins', 'ranking-wins', (e) => String(e.wins), skeleton);
const score = (e: RankingEntry) => groupDigits(Math.round(e.score));

const CATEGORIES: ReadonlyArray<{ value: RankingCategory; label: string; columns: readonly RankingColumn<RankingEntry>[] }> = [
  {
    value: 'overall',
    label: 'Overall',
    columns: [PLAYER, level('ml-auto w-8'), valueColumn('Score', 'ranking-score', score, 'ml-auto w-10', cn(VALUE_TD, 'text-neon-cyan'))],
  },
  { value: 'level', label: 'By Level', columns: [PLAYER, level('ml-auto w-8'), wins('ml-auto w-10')] },
  {
    value: 'wins',
    label: 'By Wins',
    columns: [PLAYER, wins('ml-auto w-8'), valueColumn('Losses', 'ranking-losses', (e) => String(e.losses), 'ml-auto w-10')],
  },
];

function CategoryTable({ category, columns, currentUserId }: { category: RankingCategory; columns: readonly RankingColumn<RankingEntry>[]; currentUserId: number | null }) {
  const query = useQuery({ queryKey: rankingKeys.ranking(category, RANKINGS_LIMIT), queryFn: ({ signal }) => fetchRanking(category, RANKINGS_LIMIT, signal) });
  if (query.isError && !query.data) return <RankingsError error={query.error} retrying={query.isFetching} onRetry={() => void query.refetch()} />;
  return (
    <RankingTable
      entries={query.data}
      busy={query.isPending}
      columns={columns}
      rowKey={(e) => e.characterId}
      currentUserId={currentUserId}
      testIdPrefix="ranking"
      testId={`rankings-table-${category}`}
      rankStyle="crown"
      empty={<p className="text-lg text-ink-muted">No ranked fighters yet.</p>}
      emptyTestId="rankings-empty"
    />
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
        <TabsTrigger value="pvp" className="whitespace-nowrap max-sm:px-1 max-sm:text-pixel-2xs" data-testid="rankings-tab-pvp">
          PvP
        </TabsTrigger>
      </TabsList>
      {CATEGORIES.map((c) => (
        <TabsContent key={c.value} value={c.value} className="pt-3">
          {c.value === 'overall' ? (
            <p data-testid="overall-description" className="mb-3 flex items-start gap-2 px-1 text-base text-ink-muted">
              <Info aria-hidden className="mt-0.5 size-4 shrink-0 text-neon-cyan" />
              The overall score combines level, wins and character value.
            </p>
          ) : null}
          <CategoryTable category={c.value} columns={c.columns} currentUserId={currentUserId} />
        </TabsContent>
      ))}
      <TabsContent value="pvp" className="pt-3">
        <PvpRankings currentUserId={currentUserId} limit={RANKINGS_LIMIT} />
      </TabsContent>
    </Tabs>
  );
}
