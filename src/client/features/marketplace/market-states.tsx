import { Link } from 'wouter';
import { RefreshCw, Store, Tag, TriangleAlert } from 'lucide-react';
import { errorMessage } from '@client/lib/api';
import { Button, Card, CardContent, CardHeader, CardTitle } from '@client/ui';

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
