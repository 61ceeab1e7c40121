/** The marketplace's sorts, page and level limits and fee, without schemas: its filters read them without loading zod. */

export const MARKET_SORTS = ['newest', 'price_low', 'price_high', 'level_high', 'level_low', 'popular'] as const;
export type MarketSort = (typeof MARKET_SORTS)[number];

/** Listings per marketplace page unless the client asks otherwise, and the most it may ask for. */
export const MARKET_PAGE_SIZE = 24;
export const MARKET_PAGE_MAX = 100;
/** The highest level a marketplace level filter may name. */
export const MARKET_MAX_LEVEL = 1000;
/** Opaque cursors are short; anything longer is not one of ours. */
export const MARKET_CURSOR_MAX = 200;

/** The highest price of a listing, in credits. */
export const MAX_LISTING_PRICE = 10_000_000;

/** The refusal of a price outside 1..MAX_LISTING_PRICE (the sell dialog says it before Sell, in the same words). */
export const LISTING_PRICE_MESSAGE = 'Price must be a whole number from 1 to 10,000,000 credits';

/** Share of a sale price that is burned as the marketplace fee, in percent (DESIGN §4 Economy). */
export const MARKET_FEE_PERCENT = 5;

/** The fee burned on a sale: 5 % of the price, rounded down to whole credits. */
export function marketFee(price: number): number {
  return Math.floor((price * MARKET_FEE_PERCENT) / 100);
}

/** What the seller receives for a sale (the sell dialog shows it before listing). */
export function saleProceeds(price: number): number {
  return price - marketFee(price);
}
