/** The marketplace rules only the server needs (DESIGN §4 Economy); the fee, which the sell dialog shows too, is in common/market-limits.ts. Pure. */

export const ACTIVE_BUYER_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
