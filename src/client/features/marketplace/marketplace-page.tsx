import { useMemo, useState } from 'react';
import { Coins, Store } from 'lucide-react';
import { formatCredits } from '@common/constants';
import type { MarketSort } from '@common/market-limits';
import { AuthRequired } from '@client/entities/user/auth-required';
import { isUnauthorized } from '@client/lib/api';
import { useCurrentUser } from '@client/lib/use-auth';
import { PageHeader } from '@client/ui';
import { TooltipProvider } from '@client/ui/tooltip';
import { LISTINGS_HEADING_ID } from './focus-fallback';
import { ListingCard } from './listing-card';
import { MarketFilters, useSettled } from './market-filters';
import { EmptyMarket, ListingSkeletons, MarketError, MoreListings, NoMatches } from './market-states';
import { buyState, DEFAULT_SORT, EMPTY_DRAFT, filtersFromDraft, hasFilters, type FilterDraft } from './market-rules';
import { SortSelect } from './sort-select';
import { StatsStrip } from './stats-strip';
import { loadedListings, useListingPages, useMarketStats } from './use-marketplace';

/** How long typing in a filter field waits before the list asks the server again. */
const FILTER_SETTLE_MS = 300;

function CreditsChip({ credits }: { credits: number }) {
  return (
    <p
      className="hidden items-center gap-2 border-2 border-gold bg-gold/10 px-3 py-2 text-gold shadow-hard-sm sm:flex"
      data-testid="market-credits"
    >
      <Coins aria-hidden className="size-5" />
      <span className="font-pixel text-pixel-2xs text-ink-muted uppercase">Your credits</span>
      <span className="font-pixel text-pixel-sm leading-none tabular-nums">{formatCredits(credits)}</span>
    </p>
  );
}

/** Marketplace: fighters for sale from other players, market statistics, buying and withdrawing. */
export function MarketplacePage() {
  const { user } = useCurrentUser();
  const stats = useMarketStats();
  const [sort, setSort] = useState<MarketSort>(DEFAULT_SORT);
  const [draft, setDraft] = useState<FilterDraft>(EMPTY_DRAFT);
  // The class applies at once; typed numbers once they settle.
  const settled = useSettled(draft, FILTER_SETTLE_MS);
  const { filters } = useMemo(() => filtersFromDraft({ ...settled, class: draft.class }), [settled, draft.class]);
  const { errors } = filtersFromDraft(draft);
  const listings = useListingPages(sort, filters);
  const shown = useMemo(() => loadedListings(listings.data), [listings.data]);
  const resetFilters = () => setDraft(EMPTY_DRAFT);
  const credits = user?.credits ?? 0;
  const player = user ? { id: user.id, credits } : null;
  const now = listings.dataUpdatedAt;

  if (isUnauthorized(listings.error) || isUnauthorized(stats.error)) {
    return <AuthRequired message="You need to be logged in to trade on the marketplace" />;
  }

  const header = (
    <PageHeader
      title="Marketplace"
      subtitle="Buy battle-tested fighters from other players"
      icon={<Store />}
      actions={user ? <CreditsChip credits={credits} /> : null}
    />
  );

  let body;
  if (listings.isPending && !listings.error) {
    body = <ListingSkeletons />;
  } else if (listings.error && !listings.data) {
    body = <MarketError error={listings.error} onRetry={() => void listings.refetch()} retrying={listings.isFetching} />;
  } else if (shown.length === 0) {
    body = hasFilters(filters) ? <NoMatches onReset={resetFilters} /> : <EmptyMarket />;
  } else {
    body = (
      <>
        {/* The deal badges' tooltips share the skip delay. */}
        <TooltipProvider>
          <ul className="grid gap-6 md:grid-cols-2 xl:grid-cols-3" data-testid="market-listings" aria-label="Fighters for sale">
            {shown.map((listing) => (
              <li key={listing.id} className="flex min-w-0">
                <ListingCard listing={listing} state={buyState(listing, player)} credits={credits} now={now} />
              </li>
            ))}
          </ul>
        </TooltipProvider>
        <MoreListings
          hasMore={listings.hasNextPage}
          loading={listings.isFetchingNextPage}
          failed={listings.isFetchNextPageError}
          onLoadMore={() => void listings.fetchNextPage()}
          shown={shown.length}
        />
      </>
    );
  }

  const count = listings.data ? `${shown.length}${listings.hasNextPage ? '+' : ''}` : undefined;
  return (
    <>
      {header}
      <StatsStrip stats={stats.data} loading={stats.isPending && !stats.error} />
      <section aria-labelledby={LISTINGS_HEADING_ID}>
        <div className="mb-5 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <h2
            id={LISTINGS_HEADING_ID}
            tabIndex={-1}
            className="flex items-baseline gap-3 font-pixel text-pixel-sm text-ink focus:outline-none"
          >
            Fighters for Sale
            {count !== undefined ? (
              <span className="font-body text-xl leading-none text-ink-dim" data-testid="market-count">
                ({count})
              </span>
            ) : null}
          </h2>
          <SortSelect value={sort} onChange={setSort} />
        </div>
        <MarketFilters
          draft={draft}
          errors={errors}
          onChange={setDraft}
          onReset={resetFilters}
          active={draft.class !== '' || draft.minLevel !== '' || draft.maxLevel !== '' || draft.maxPrice !== ''}
        />
        {body}
      </section>
    </>
  );
}
