import type { ClassId } from '@common/classes';
import { formatCredits } from '@common/constants';
import type { MarketListingView } from '@common/economy-api';
import { MARKET_MAX_LEVEL, type MarketSort } from '@common/market-limits';
import type { MarketFilters } from '@common/economy-requests';
import { MAX_LISTING_PRICE } from '@common/market-limits';

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

// ----------------------------------------------------------------------- filters

/** What the player typed in the filter fields; empty means no filter. */
export interface FilterDraft {
  class: ClassId | '';
  minLevel: string;
  maxLevel: string;
  maxPrice: string;
}

export const EMPTY_DRAFT: FilterDraft = { class: '', minLevel: '', maxLevel: '', maxPrice: '' };

export type FilterField = Exclude<keyof FilterDraft, 'class'>;

/** Whole numbers the server accepts per field (the same bounds as `marketQuery`). */
const BOUNDS: Record<FilterField, { max: number; message: string }> = {
  minLevel: { max: MARKET_MAX_LEVEL, message: `Level 1 to ${MARKET_MAX_LEVEL}` },
  maxLevel: { max: MARKET_MAX_LEVEL, message: `Level 1 to ${MARKET_MAX_LEVEL}` },
  maxPrice: { max: MAX_LISTING_PRICE, message: `1 to ${formatCredits(MAX_LISTING_PRICE)} credits` },
};

function wholeNumber(text: string, max: number): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  if (!/^\d{1,10}$/.test(trimmed)) return null;
  const n = Number(trimmed);
  return n >= 1 && n <= max ? n : null;
}

/**
 * The filters a draft stands for and what is wrong with it: a field the server would refuse
 * is left out of the filters and named in `errors`, so the list never asks for a 400.
 */
export function filtersFromDraft(draft: FilterDraft): { filters: MarketFilters; errors: Partial<Record<FilterField, string>> } {
  const filters: MarketFilters = {};
  const errors: Partial<Record<FilterField, string>> = {};
  if (draft.class) filters.class = draft.class;
  for (const field of ['minLevel', 'maxLevel', 'maxPrice'] as const) {
    const value = wholeNumber(draft[field], BOUNDS[field].max);
    if (value === null) errors[field] = BOUNDS[field].message;
    else if (value !== undefined) filters[field] = value;
  }
  if (filters.minLevel !== undefined && filters.maxLevel !== undefined && filters.minLevel > filters.maxLevel) {
    errors.maxLevel = 'Not below the min level';
    delete filters.maxLevel;
  }
  return { filters, errors };
}

/** True when any filter narrows the list. */
export function hasFilters(filters: MarketFilters): boolean {
  return Object.values(filters).some((v) => v !== undefined);
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
