/**
 * Marketplace page cursors (DESIGN §4 Economy). Pure.
 *
 * A cursor names the last listing of a page by its place in the page's order: the sort it
 * belongs to, the value the listings are sorted by (price, level or popularity; none for
 * newest) and the listing id that breaks ties. The next page starts right after that place,
 * so listings sold or withdrawn in between neither shift nor repeat the pages. To the client
 * it is an opaque base64url string.
 */
import type { MarketSort } from '@common/economy-requests';
import { MARKET_SORTS } from '@common/economy-requests';
import { MAX_ID } from '@common/ids';

export interface MarketCursor {
  sort: MarketSort;
  /** The sort value of the last listing; 0 for `newest`, which sorts by id alone. */
  key: number;
  /** Id of the last listing. */
  id: number;
}

/** Sort values are whole numbers within the database's integer range (price, level, views + likes). */
function isKey(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_ID;
}

function isListingId(value: unknown): value is number {
  return isKey(value) && value > 0;
}

export function encodeMarketCursor({ sort, key, id }: MarketCursor): string {
  return Buffer.from(JSON.stringify([sort, key, id]), 'utf8').toString('base64url');
}

/** The cursor a client sent back, or null when it is not one `encodeMarketCursor` made. */
export function decodeMarketCursor(cursor: string): MarketCursor | null {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) return null;
  const [sort, key, id] = parsed as unknown[];
  if (typeof sort !== 'string' || !(MARKET_SORTS as readonly string[]).includes(sort)) return null;
  if (!isKey(key) || !isListingId(id)) return null;
  return { sort: sort as MarketSort, key, id };
}
