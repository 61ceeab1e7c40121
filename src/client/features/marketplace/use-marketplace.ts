import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { formatCredits } from '@common/constants';
import type { LikeView, MarketListingView, MarketStatsView, PurchaseView, ViewCountView } from '@common/economy-api';
import { apiRequest, errorMessage } from '@client/lib/api';
import { useAction } from '@client/lib/use-action';
import { toast } from '@client/ui/toast-store';
import { characterKeys } from '@client/entities/character/character-keys';
import { listingKeys } from '@client/entities/listing/listing-keys';
import { setUserCredits } from '@client/entities/user/user-credits';
import { userKeys } from '@client/entities/user/user-keys';
import { LISTINGS_POLL_MS, STATS_POLL_MS } from './market-rules';

/** Active listings, newest first, refreshed every 15 s. */
export function useListings() {
  return useQuery<MarketListingView[]>({ queryKey: listingKeys.all, refetchInterval: LISTINGS_POLL_MS });
}

/** Market statistics, refreshed every 60 s. */
export function useMarketStats() {
  return useQuery<MarketStatsView>({ queryKey: listingKeys.stats, refetchInterval: STATS_POLL_MS });
}

function patchListing(queryClient: QueryClient, id: number, patch: Partial<MarketListingView>): void {
  queryClient.setQueryData<MarketListingView[]>(listingKeys.all, (old) =>
    old?.map((l) => (l.id === id ? { ...l, ...patch } : l)),
  );
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
      apiRequest<PurchaseView>('POST', '/api/marketplace/buy', { listingId: listing.id }, { idempotencyKey }),
    onSuccess: async (purchase, listing) => {
      toast({
        title: 'Purchase Complete',
        description: `${listing.character.name} joins your roster for ${formatCredits(listing.price)} credits`,
        variant: 'success',
      });
      if (purchase && typeof purchase.credits === 'number') {
        setUserCredits(queryClient, purchase.credits);
      }
      queryClient.setQueryData<MarketListingView[]>(listingKeys.all, (old) => old?.filter((l) => l.id !== listing.id));
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
      apiRequest<{ message: string }>('DELETE', `/api/marketplace/${listing.id}`, undefined, { idempotencyKey }),
    onSuccess: async (answer, listing) => {
      toast({
        title: 'Listing Withdrawn',
        description: answer?.message || `${listing.character.name} is no longer for sale`,
        variant: 'success',
      });
      queryClient.setQueryData<MarketListingView[]>(listingKeys.all, (old) => old?.filter((l) => l.id !== listing.id));
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
    mutationFn: (listing: MarketListingView) => apiRequest<LikeView>('POST', `/api/marketplace/${listing.id}/like`),
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
    mutationFn: (listingId: number) => apiRequest<ViewCountView>('POST', `/api/marketplace/${listingId}/view`),
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
