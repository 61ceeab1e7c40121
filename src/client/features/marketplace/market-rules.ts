import type { MarketListingView } from '@common/economy-api';
import { MARKET_SORTS, type MarketSort } from '@common/economy-requests';

/** How often the listings and the statistics are read again. */
export const LISTINGS_POLL_MS = 15_000;
export const STATS_POLL_MS = 60_000;

// ------------------------------------------------------------------- deal labels

export type DealKind = 'good' | 'fair' | 'overpriced';

export interface Deal {
  kind: DealKind;
  /** 'Good Deal (x% off)', 'Fair Price' or 'Overpriced'. */
  label: string;
  /** Whole percent below the character's value; 0 unless the deal is good. */
  percentOff: number;
}

/** Above this share of the value a price is overpriced (SPEC §9). */
export const OVERPRICED_RATIO = 1.2;

/**
 * The deal label of a price against the character's value (SPEC §9): below the value is a good
 * deal with the rounded percent off (at least 1, so a price under value never reads '0% off'),
 * above 120 % of the value is overpriced, anything in between is fair.
 */
export function dealFor(price: number, value: number): Deal {
  if (value > 0 && price < value) {
    const percentOff = Math.max(1, Math.round(((value - price) / value) * 100));
    return { kind: 'good', label: `Good Deal (${percentOff}% off)`, percentOff };
  }
  if (price > value * OVERPRICED_RATIO) {
    return { kind: 'overpriced', label: 'Overpriced', percentOff: 0 };
  }
  return { kind: 'fair', label: 'Fair Price', percentOff: 0 };
}

/** How the price compares with the value, in words for the deal tooltip. */
export function priceVersusValue(price: number, value: number): string {
  if (value <= 0 || price === value) return 'Priced at its value';
  const percent = Math.max(1, Math.round((Math.abs(price - value) / value) * 100));
  return price < value ? `${percent}% below its value` : `${percent}% above its value`;
}

// ----------------------------------------------------------------------- sorting

export const SORT_LABELS: Record<MarketSort, string> = {
  newest: 'Newest first',
  price_low: 'Price: low to high',
  price_high: 'Price: high to low',
  level_high: 'Level: high to low',
  level_low: 'Level: low to high',
  popular: 'Most popular',
};

export const DEFAULT_SORT: MarketSort = 'newest';

export function isMarketSort(value: unknown): value is MarketSort {
  return typeof value === 'string' && (MARKET_SORTS as readonly string[]).includes(value);
}

/** Popularity of a listing: views plus likes (SPEC §9). */
export function popularity(listing: Pick<MarketListingView, 'views' | 'likes'>): number {
  return listing.views + listing.likes;
}

type Sortable = Pick<MarketListingView, 'id' | 'price' | 'views' | 'likes' | 'createdAt'> & {
  character: { level: number };
};

function time(iso: string): number {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? 0 : t;
}

/** Newest first; listings made in the same instant fall back to the higher id. */
function byNewest(a: Sortable, b: Sortable): number {
  return time(b.createdAt) - time(a.createdAt) || b.id - a.id;
}

const COMPARE: Record<MarketSort, (a: Sortable, b: Sortable) => number> = {
  newest: byNewest,
  price_low: (a, b) => a.price - b.price || byNewest(a, b),
  price_high: (a, b) => b.price - a.price || byNewest(a, b),
  level_high: (a, b) => b.character.level - a.character.level || byNewest(a, b),
  level_low: (a, b) => a.character.level - b.character.level || byNewest(a, b),
  popular: (a, b) => popularity(b) - popularity(a) || byNewest(a, b),
};

/** A sorted copy of the listings (the input is left as it is); ties go to the newest. */
export function sortListings<T extends Sortable>(listings: readonly T[], sort: MarketSort): T[] {
  return [...listings].sort(COMPARE[sort] ?? byNewest);
}

// ----------------------------------------------------------------------- buying

export type BuyState = 'own' | 'affordable' | 'too-expensive';

/** Whether the player can buy a listing: never their own, and only with enough credits. */
export function buyState(
  listing: Pick<MarketListingView, 'price' | 'sellerId'>,
  player: { id: number; credits: number } | null,
): BuyState {
  if (player && listing.sellerId === player.id) return 'own';
  return (player?.credits ?? 0) >= listing.price ? 'affordable' : 'too-expensive';
}

// ------------------------------------------------------------------------- time

/** How long ago a listing went up, in short words: 'just now', '5m ago', '3h ago', '2d ago'. */
export function listedAgo(createdAt: string, now: number): string {
  const then = Date.parse(createdAt);
  if (Number.isNaN(then)) return 'recently';
  const minutes = Math.floor(Math.max(0, now - then) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes}m ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h ago`;
  return `${Math.floor(hours / 24)}d ago`;
}
