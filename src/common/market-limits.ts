/** The marketplace's sorts and page and level limits, without schemas: its filters read them without loading zod. */

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
