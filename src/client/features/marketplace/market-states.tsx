import { Link } from 'wouter';
import { useEffect, useRef } from 'react';
import { ChevronsDown, RefreshCw, RotateCcw, SearchX, Store, Tag, TriangleAlert } from 'lucide-react';
import { errorMessage } from '@client/lib/api';
import { Button, Card, CardContent, CardHeader, CardTitle, Spinner } from '@client/ui';

const bar = 'bg-panel-3 motion-safe:animate-pulse';

/** A grey stand-in for a listing card while the market loads. */
function SkeletonCard() {
  return (
    <div aria-hidden className="m-1 flex flex-col gap-4 pixel-frame bg-panel p-4 shadow-hard" data-testid="market-skeleton">
      <div className="flex justify-between">
        <div className={`h-6 w-36 ${bar}`} />
        <div className={`h-6 w-20 ${bar}`} />
      </div>
      <div className="flex gap-4">
        <div className={`size-24 shrink-0 ${bar}`} />
        <div className="flex flex-1 flex-col gap-3">
          <div className={`h-4 w-3/4 ${bar}`} />
          <div className={`h-5 w-1/2 ${bar}`} />
          <div className={`h-4 w-2/3 ${bar}`} />
        </div>
      </div>
      <div className={`h-14 ${bar}`} />
      <div className="flex items-end justify-between">
        <div className={`h-6 w-28 ${bar}`} />
        <div className={`h-10 w-24 ${bar}`} />
      </div>
    </div>
  );
}

/** Skeleton cards in the listing grid's shape. */
export function ListingSkeletons({ count = 6 }: { count?: number }) {
  return (
    <div role="status" aria-label="Loading listings" className="grid gap-6 md:grid-cols-2 xl:grid-cols-3">
      {Array.from({ length: count }, (_, i) => (
        <SkeletonCard key={i} />
      ))}
      <span className="sr-only">Loading listings...</span>
    </div>
  );
}

/** Nobody sells anything: point the player at listing their own fighter. */
export function EmptyMarket() {
  return (
    <Card accent="gold" className="mx-auto max-w-xl text-center" data-testid="market-empty">
      <CardHeader className="items-center">
        <Store aria-hidden className="size-10 text-gold" />
        <CardTitle>No fighters for sale right now</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col items-center gap-5">
        <p className="text-lg text-ink-muted">
          Check back soon, or be the first to put a fighter up for sale from your roster.
        </p>
        <Button asChild variant="secondary">
          <Link href="/characters" data-testid="market-empty-sell-link">
            <Tag aria-hidden />
            List your fighter
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}

/** The listings failed to load (other than a 401). */
export function MarketError({ error, onRetry, retrying }: { error: unknown; onRetry: () => void; retrying: boolean }) {
  return (
    <Card accent="danger" className="mx-auto max-w-lg text-center" data-testid="market-error">
      <CardHeader className="items-center">
        <TriangleAlert aria-hidden className="size-8 text-danger" />
        <CardTitle>Failed to load the marketplace</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col items-center gap-4">
        <p className="w-full border-2 border-danger/60 bg-danger-deep px-3 py-2 text-base break-words text-[#ff8a95]">
          {errorMessage(error)}
        </p>
        <Button onClick={onRetry} disabled={retrying} data-testid="market-retry">
          <RefreshCw aria-hidden className={retrying ? 'motion-safe:animate-spin' : undefined} />
          Try Again
        </Button>
      </CardContent>
    </Card>
  );
}

/** The filters leave nothing: say so and offer to clear them. */
export function NoMatches({ onReset }: { onReset: () => void }) {
  return (
    <Card accent="cyan" className="mx-auto max-w-xl text-center" data-testid="market-no-matches">
      <CardHeader className="items-center">
        <SearchX aria-hidden className="size-10 text-neon-cyan" />
        <CardTitle>No listings match</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col items-center gap-5">
        <p className="text-lg text-ink-muted">No fighter for sale fits this class, level range and price. Widen the filters or clear them.</p>
        <Button variant="secondary" onClick={onReset} data-testid="market-reset-filters">
          <RotateCcw aria-hidden />
          Reset filters
        </Button>
      </CardContent>
    </Card>
  );
}

export interface MoreListingsProps {
  hasMore: boolean;
  loading: boolean;
  failed: boolean;
  onLoadMore: () => void;
  shown: number;
}

/**
 * The end of the list: a sentinel that reads the next page as it scrolls near, and a 'Load more'
 * button for keyboards, for browsers without IntersectionObserver and to retry a failed page.
 */
export function MoreListings({ hasMore, loading, failed, onLoadMore, shown }: MoreListingsProps) {
  const sentinel = useRef<HTMLDivElement>(null);
  // Only scrolling asks on its own; after a failure the button asks again.
  const auto = hasMore && !loading && !failed;
  const load = useRef(onLoadMore);
  load.current = onLoadMore;
  useEffect(() => {
    const target = sentinel.current;
    if (!auto || !target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) load.current();
    }, { rootMargin: '600px 0px' });
    observer.observe(target);
    return () => observer.disconnect();
  }, [auto]);

  if (!hasMore) {
    return (
      <p className="mt-8 text-center text-lg text-ink-dim" data-testid="market-end">
        {shown === 1 ? 'That is the only fighter for sale here.' : `All ${shown} fighters shown.`}
      </p>
    );
  }
  return (
    <div className="mt-8 flex flex-col items-center gap-3" data-testid="market-more">
      <div ref={sentinel} aria-hidden className="h-px w-full" data-testid="market-sentinel" />
      {failed ? (
        <p role="alert" className="text-lg text-[#ff8a95]" data-testid="market-more-error">
          Could not load more listings.
        </p>
      ) : null}
      {loading ? (
        <Spinner size="sm" label="Loading more fighters..." />
      ) : (
        <Button variant="secondary" onClick={onLoadMore} data-testid="market-load-more">
          {failed ? <RefreshCw aria-hidden /> : <ChevronsDown aria-hidden />}
          {failed ? 'Try again' : 'Load more'}
        </Button>
      )}
    </div>
  );
}
