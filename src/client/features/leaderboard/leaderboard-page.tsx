import { groupDigits } from '@common/constants';
import { useQuery } from '@tanstack/react-query';
import { RotateCcw, Trophy } from 'lucide-react';
import { rankingKeys } from '@client/entities/ranking/ranking-keys';
import { AuthRequired } from '@client/entities/user/auth-required';
import { isUnauthorized } from '@client/lib/api';
import { api } from '@client/lib/endpoints';
import { cn } from '@client/lib/cn';
import { useCurrentUser } from '@client/lib/use-auth';
import { Button, Card, CardContent, CardHeader, CardTitle, PageHeader } from '@client/ui';
import { LeaderboardTable } from './leaderboard-table';
import { TIERS, TierBadge } from './tier-badge';

/** The top 50 players are read again every 30 s (SPEC §9). */
export const LEADERBOARD_POLL_MS = 30_000;
export const LEADERBOARD_ERROR_TEXT = 'Failed to load player rankings. Please try again.';

function SummaryTile({ label, value, testId, accent }: { label: string; value: string | null; testId: string; accent: string }) {
  return (
    <Card className="flex min-w-0 flex-col gap-2 p-4">
      <p className="font-pixel text-pixel-2xs text-ink-dim uppercase">{label}</p>
      <p data-testid={testId} className={cn('h-7 truncate font-pixel text-pixel-sm leading-7 sm:text-pixel-md', accent)}>
        {value ?? <span aria-hidden className="inline-block h-5 w-20 bg-panel-3 align-middle motion-safe:animate-pulse" />}
      </p>
    </Card>
  );
}

function LiveIndicator({ fetching, updatedAt }: { fetching: boolean; updatedAt: number }) {
  const time = updatedAt ? new Date(updatedAt).toLocaleTimeString('en-US', { hour: '2-digit', minute: '2-digit', second: '2-digit' }) : null;
  return (
    <p className="flex items-center gap-2 border-2 border-edge bg-panel-2 px-3 py-2 font-pixel text-pixel-2xs text-ink-muted">
      <span aria-hidden className={cn('size-2.5 bg-neon-lime', fetching && 'motion-safe:animate-pulse')} />
      <span>
        Live · every 30s{time ? <span className="hidden sm:inline"> · {time}</span> : null}
      </span>
    </p>
  );
}

/** Player Rankings: the leaderboard with tiers and medals, refreshed every 30 seconds. */
export function LeaderboardPage() {
  const { user } = useCurrentUser();
  const query = useQuery({
    queryKey: rankingKeys.leaderboard,
    queryFn: ({ signal }) => api.rankings.leaderboard({}, { signal }),
    refetchInterval: LEADERBOARD_POLL_MS,
  });
  const entries = query.data;
  const loading = query.isPending;
  const me = user ? entries?.find((e) => e.userId === user.id) : undefined;

  const header = (
    <PageHeader
      title="Player Rankings"
      subtitle="The strongest players of the arena"
      icon={<Trophy />}
      actions={<LiveIndicator fetching={query.isFetching} updatedAt={query.dataUpdatedAt} />}
    />
  );

  if (query.isError && !entries && isUnauthorized(query.error)) {
    return <AuthRequired message="You need to be logged in to see the rankings" />;
  }

  return (
    <>
      {header}
      <div className="flex flex-col gap-6">
        <section aria-label="Summary" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          <SummaryTile label="Ranked players" value={entries ? String(entries.length) : loading ? null : '--'} testId="leaderboard-count" accent="text-ink" />
          <SummaryTile
            label="Your rank"
            value={entries ? (me ? `#${me.rank}` : 'Unranked') : loading ? null : '--'}
            testId="leaderboard-my-rank"
            accent="text-neon-cyan"
          />
          <SummaryTile
            label="Top score"
            value={entries ? (entries[0] ? groupDigits(entries[0].score) : '--') : loading ? null : '--'}
            testId="leaderboard-top-score"
            accent="text-gold"
          />
          <SummaryTile
            label="Your score"
            value={entries ? (me ? groupDigits(me.score) : '--') : loading ? null : '--'}
            testId="leaderboard-my-score"
            accent="text-neon-lime"
          />
        </section>

        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_16rem] lg:items-start">
          <Card accent="gold" className="min-w-0">
            <CardHeader className="flex-row items-center justify-between gap-3 pb-2">
              <CardTitle>Top Players</CardTitle>
              <p className="text-base text-ink-dim">Score = level × 100 + wins × 10</p>
            </CardHeader>
            <CardContent className="px-2 sm:px-5">
              {query.isError && !entries ? (
                <div role="alert" data-testid="leaderboard-error" className="flex flex-col items-center gap-4 px-4 py-12 text-center">
                  <p className="text-lg text-[#ff8a95]">{LEADERBOARD_ERROR_TEXT}</p>
                  <Button variant="secondary" onClick={() => void query.refetch()} disabled={query.isFetching}>
                    <RotateCcw aria-hidden />
                    Try Again
                  </Button>
                </div>
              ) : (
                <LeaderboardTable entries={entries} loading={loading} currentUserId={user?.id ?? null} />
              )}
            </CardContent>
          </Card>

          <Card accent="magenta" className="lg:sticky lg:top-36">
            <CardHeader className="pb-2">
              <CardTitle>Tiers</CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="m-0 grid list-none grid-cols-1 gap-2 p-0 sm:grid-cols-3 lg:grid-cols-1" data-testid="tier-legend">
                {TIERS.map(({ tier, range }) => (
                  <li key={tier} className="flex items-center justify-between gap-2 border-2 border-edge bg-void/40 px-2 py-2">
                    <TierBadge tier={tier} />
                    <span className="font-pixel text-pixel-2xs text-ink-muted">{range}</span>
                  </li>
                ))}
              </ul>
              <p className="mt-4 text-base text-ink-dim">The top three players wear gold, silver and bronze medals.</p>
            </CardContent>
          </Card>
        </div>
      </div>
    </>
  );
}
