import { Coins, Eye, Heart, UserRound } from 'lucide-react';
import { formatCredits } from '@common/constants';
import type { MarketListingView } from '@common/economy-api';
import { cn } from '@client/lib/cn';
import { Badge } from '@client/ui';
import { useToggleLike } from './use-marketplace';

/** The price in gold with a coin. */
export function PriceTag({ price, size = 'md', className }: { price: number; size?: 'md' | 'lg'; className?: string }) {
  return (
    <p className={cn('flex min-w-0 items-center gap-2 text-gold', className)} data-testid="listing-price" data-price={price}>
      <Coins aria-hidden className={cn('shrink-0', size === 'lg' ? 'size-6' : 'size-5')} />
      <span className={cn('font-pixel leading-none tabular-nums', size === 'lg' ? 'text-pixel-lg' : 'text-pixel-md')}>
        {formatCredits(price)}
      </span>
      <span className="text-base leading-none text-ink-dim">credits</span>
    </p>
  );
}

/** How many players opened the listing. */
export function ViewCount({ views }: { views: number }) {
  return (
    <span className="inline-flex items-center gap-1 text-lg leading-none text-ink-muted" title="Views">
      <Eye aria-hidden className="size-4 text-neon-cyan" />
      <span data-testid="view-count">{views}</span>
      <span className="sr-only">{views === 1 ? 'view' : 'views'}</span>
    </span>
  );
}

/** The heart: likes or unlikes the listing; shows the like count. */
export function LikeButton({ listing }: { listing: MarketListingView }) {
  const like = useToggleLike();
  const liked = listing.likedByMe;
  return (
    <button
      type="button"
      aria-pressed={liked}
      aria-label={`Like ${listing.character.name}, ${listing.likes} ${listing.likes === 1 ? 'like' : 'likes'}`}
      aria-disabled={like.isPending || undefined}
      data-testid="like-button"
      onClick={() => {
        if (!like.isPending) like.mutate(listing);
      }}
      className={cn(
        'inline-flex min-h-8 cursor-pointer items-center gap-1.5 border-2 px-2 text-lg leading-none transition-colors',
        liked
          ? 'border-neon-magenta bg-neon-magenta/15 text-[#ff7ae6] hover:bg-neon-magenta/25'
          : 'border-edge bg-void/60 text-ink-muted hover:border-neon-magenta/70 hover:text-ink',
      )}
    >
      <Heart aria-hidden className={cn('size-4', liked ? 'fill-current text-neon-magenta' : 'text-ink-muted')} />
      <span data-testid="like-count">{listing.likes}</span>
    </button>
  );
}

/** Who sells it: the seller's name, or a tag when it is the player's own listing. */
export function SellerLine({ listing, own }: { listing: MarketListingView; own: boolean }) {
  if (own) {
    return (
      <Badge variant="lime" data-testid="own-listing-badge" className="self-start">
        <UserRound aria-hidden />
        Your listing
      </Badge>
    );
  }
  return (
    <p className="flex min-w-0 items-center gap-1.5 text-lg leading-none text-ink-muted">
      <UserRound aria-hidden className="size-4 shrink-0 text-neon-magenta" />
      <span className="shrink-0">Seller:</span>
      <span className="truncate text-ink" data-testid="listing-seller">
        {listing.sellerName}
      </span>
    </p>
  );
}
