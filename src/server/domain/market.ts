/** Marketplace money rules (DESIGN §4 Economy). Pure. */

/** Share of a sale price that is burned as the marketplace fee, in percent. */
export const MARKET_FEE_PERCENT = 5;

/** The fee burned on a sale: 5 % of the price, rounded down to whole credits. */
export function marketFee(price: number): number {
  return Math.floor((price * MARKET_FEE_PERCENT) / 100);
}

/** What the seller receives for a sale. */
export function saleProceeds(price: number): number {
  return price - marketFee(price);
}

export const ACTIVE_BUYER_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
