import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { formatCredits } from '@common/constants';
import type { MarketListingView, MarketPageView } from '@common/economy-api';
import type { MarketFilters } from '@common/economy-requests';
import type { MarketSort } from '@common/market-limits';
import { errorMessage } from '@client/lib/api';
import { api } from '@client/lib/endpoints';
import { useAction } from '@client/lib/use-action';
import { toast } from '@client/ui/toast-store';
import { characterKeys } from '@client/entities/character/character-keys';
import { listingKeys } from '@client/entities/listing/listing-keys';
import { setUserCredits } from '@client/entities/user/user-credits';
import { userKeys } from '@client/entities/user/user-keys';
import { LISTINGS_POLL_MS, STATS_POLL_MS } from './market-rules';

/**
 * Pages of active listings in the server's order for `sort` and `filters`, the next one read on
 * demand. Every 15 s the loaded pages are read again from the first, so a listing bought or
 * withdrawn meanwhile is gone at the next poll; a change of order or filters starts again
 * from the first page.
 */
export function useListingPages(sort: MarketSort, filters: MarketFilters) {
  return useInfiniteQuery({
    queryKey: listingKeys.pages(sort, filters),
    queryFn: ({ pageParam, signal }) => api.marketplace.page({ query: pageQuery(sort, filters, pageParam) }, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchInterval: LISTINGS_POLL_MS,
    // Pages of an order or filters left behind are dropped: coming back starts at the first page.
    gcTime: 0,
  });
}

/** The query of one page: numbers travel as the digits the server reads. */
function pageQuery(sort: MarketSort, { class: classId, minLevel, maxLevel, maxPrice }: MarketFilters, cursor: string | null) {
  const digits = (n: number | undefined) => (n === undefined ? undefined : String(n));
  return { sort, class: classId, minLevel: digits(minLevel), maxLevel: digits(maxLevel), maxPrice: digits(maxPrice), cursor: cursor ?? undefined };
}

/** Every listing of the loaded pages, once each (a listing that moved up between two reads shows once). */
export function loadedListings(data: InfiniteData<MarketPageView> | undefined): MarketListingView[] {
  const seen = new Set<number>();
  return (data?.pages ?? []).flatMap((page) => page.listings.filter((l) => !seen.has(l.id) && seen.add(l.id)));
}

/** Market statistics, refreshed every 60 s. */
export function useMarketStats() {
  return useQuery({ queryKey: listingKeys.stats, queryFn: ({ signal }) => api.marketplace.stats({}, { signal }), refetchInterval: STATS_POLL_MS });
}

function isPages(data: unknown): data is InfiniteData<MarketPageView> {
  return typeof data === 'object' && data !== null && Array.isArray((data as { pages?: unknown }).pages);
}

/** Changes the listings in every loaded list of pages (each order and filter has its own). */
function updateListings(queryClient: QueryClient, change: (listings: MarketListingView[]) => MarketListingView[]): void {
  queryClient.setQueriesData<unknown>({ queryKey: listingKeys.all }, (old: unknown) =>
    isPages(old) ? { ...old, pages: old.pages.map((page) => ({ ...page, listings: change(page.listings) })) } : old,
  );
}

function patchListing(queryClient: QueryClient, id: number, patch: Partial<MarketListingView>): void {
  updateListings(queryClient, (listings) => listings.map((l) => (l.id === id ? { ...l, ...patch } : l)));
}

function dropListing(queryClient: QueryClient, id: number): void {
  updateListings(queryClient, (listings) => listings.filter((l) => l.id !== id));
}

function refreshMarket(queryClient: QueryClient, withPlayer: boolean): Promise<unknown> {
  const keys = [listingKeys.all, listingKeys.stats, ...(withPlayer ? [userKeys.me, characterKeys.all] : [])];
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/**
 * Buys a listing (`POST /api/marketplace/buy`). The toasts and refreshes live in the mutation
 * itself, so they still happen when the bought card has already left the screen.
 */
export function useBuyListing() {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: (listing: MarketListingView, idempotencyKey) =>
      api.marketplace.buy({ body: { listingId: listing.id } }, { idempotencyKey }),
    onSuccess: async (purchase, listing) => {
      toast({
        title: 'Purchase Complete',
        description: `${listing.character.name} joins your roster for ${formatCredits(listing.price)} credits`,
        variant: 'success',
      });
      if (purchase && typeof purchase.credits === 'number') {
        setUserCredits(queryClient, purchase.credits);
      }
      dropListing(queryClient, listing.id);
      await refreshMarket(queryClient, true);
    },
    onError: async (err) => {
      toast({ title: 'Purchase Failed', description: errorMessage(err, 'Failed to buy character'), variant: 'destructive' });
      // The listing may be gone or the balance changed: show what is true now.
      await refreshMarket(queryClient, true);
    },
  });
}

/** The seller takes a listing off the market (`DELETE /api/marketplace/{id}`). */
export function useWithdrawListing() {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: (listing: MarketListingView, idempotencyKey) =>
      api.marketplace.withdraw({ params: { id: listing.id } }, { idempotencyKey }),
    onSuccess: async (answer, listing) => {
      toast({
        title: 'Listing Withdrawn',
        description: answer?.message || `${listing.character.name} is no longer for sale`,
        variant: 'success',
      });
      dropListing(queryClient, listing.id);
      await refreshMarket(queryClient, true);
    },
    onError: async (err) => {
      toast({
        title: 'Withdraw Failed',
        description: errorMessage(err, 'Failed to withdraw listing'),
        variant: 'destructive',
      });
      await refreshMarket(queryClient, false);
    },
  });
}

/** Likes or unlikes a listing (`POST /api/marketplace/{id}/like`), showing the change at once. */
export function useToggleLike() {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: (listing: MarketListingView) => api.marketplace.like({ params: { id: listing.id } }),
    onMutate: (listing) => {
      const liked = !listing.likedByMe;
      patchListing(queryClient, listing.id, { likedByMe: liked, likes: Math.max(0, listing.likes + (liked ? 1 : -1)) });
      return { previous: { likedByMe: listing.likedByMe, likes: listing.likes } };
    },
    onSuccess: (answer, listing) => {
      if (answer && typeof answer.likes === 'number') {
        patchListing(queryClient, listing.id, { likedByMe: answer.liked, likes: answer.likes });
      }
    },
    onError: (err, listing, context) => {
      if (context) patchListing(queryClient, listing.id, context.previous);
      toast({ title: 'Like Failed', description: errorMessage(err, 'Failed to like listing'), variant: 'destructive' });
    },
  });
}

/** Listings whose view has been sent in this page session (the server counts one per player). */
const viewed = new Set<number>();

/** Counts a view of a listing (`POST /api/marketplace/{id}/view`) the first time its details open. */
export function useRecordView() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (listingId: number) => api.marketplace.view({ params: { id: listingId } }),
    onSuccess: (answer, listingId) => {
      if (answer && typeof answer.views === 'number') patchListing(queryClient, listingId, { views: answer.views });
    },
    onError: (_err, listingId) => {
      // A view is not worth a toast; let the next opening try again.
      viewed.delete(listingId);
    },
  });
  const { mutate } = mutation;
  return (listingId: number) => {
    if (viewed.has(listingId)) return;
    viewed.add(listingId);
    mutate(listingId);
  };
}
