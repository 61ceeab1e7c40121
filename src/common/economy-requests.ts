import { z } from 'zod';
import { CLASS_IDS } from './characters';
import { SET_IDS, SLOTS } from './economy-api';
import { idField } from './ids';
import { MARKET_CURSOR_MAX, MARKET_MAX_LEVEL, MARKET_PAGE_MAX, MARKET_PAGE_SIZE, MARKET_SORTS, MAX_LISTING_PRICE } from './market-limits';
import { groupDigits } from './constants';

/** Request bodies of the economy calls. Unknown fields are ignored (never trusted). */

const positiveId = idField;

export const buyListingBody = z.object({ listingId: positiveId('Please choose a listing to buy') });

export { MARKET_CURSOR_MAX, MARKET_MAX_LEVEL, MARKET_PAGE_MAX, MARKET_PAGE_SIZE, MARKET_SORTS, type MarketSort } from './market-limits';

export const MARKET_QUERY_MESSAGES = {
  sort: `Sort must be one of ${MARKET_SORTS.join(', ')}`,
  limit: `Limit must be a whole number from 1 to ${MARKET_PAGE_MAX}`,
  cursor: 'Invalid cursor: start again from the first page',
  class: `Class must be one of ${CLASS_IDS.join(', ')}`,
  minLevel: `minLevel must be a whole number from 1 to ${MARKET_MAX_LEVEL}`,
  maxLevel: `maxLevel must be a whole number from 1 to ${MARKET_MAX_LEVEL}`,
  levelRange: 'minLevel cannot be above maxLevel',
  maxPrice: `maxPrice must be a whole number from 1 to ${groupDigits(MAX_LISTING_PRICE)}`,
} as const;

/** A whole number sent in a query string: digits only (no signs, spaces, exponents or decimals). */
function queryInt(message: string, max: number) {
  return z
    .string({ error: message })
    .regex(/^\d{1,10}$/, message)
    .transform(Number)
    .pipe(z.number().int(message).min(1, message).max(max, message));
}

/**
 * `GET /api/marketplace?sort=&limit=&cursor=&class=&minLevel=&maxLevel=&maxPrice=`: one page of
 * active listings. `cursor` is the `nextCursor` of the previous page, opaque to the client.
 */
export const marketQuery = z
  .object({
    sort: z.enum(MARKET_SORTS, { error: MARKET_QUERY_MESSAGES.sort }).default('newest'),
    limit: queryInt(MARKET_QUERY_MESSAGES.limit, MARKET_PAGE_MAX).default(MARKET_PAGE_SIZE),
    cursor: z
      .string({ error: MARKET_QUERY_MESSAGES.cursor })
      .min(1, MARKET_QUERY_MESSAGES.cursor)
      .max(MARKET_CURSOR_MAX, MARKET_QUERY_MESSAGES.cursor)
      .optional(),
    class: z.enum(CLASS_IDS, { error: MARKET_QUERY_MESSAGES.class }).optional(),
    minLevel: queryInt(MARKET_QUERY_MESSAGES.minLevel, MARKET_MAX_LEVEL).optional(),
    maxLevel: queryInt(MARKET_QUERY_MESSAGES.maxLevel, MARKET_MAX_LEVEL).optional(),
    maxPrice: queryInt(MARKET_QUERY_MESSAGES.maxPrice, MAX_LISTING_PRICE).optional(),
  })
  .refine((q) => q.minLevel === undefined || q.maxLevel === undefined || q.minLevel <= q.maxLevel, {
    error: MARKET_QUERY_MESSAGES.levelRange,
  });
export type MarketQuery = z.infer<typeof marketQuery>;
/** The filters of a marketplace page (everything but the paging). */
export type MarketFilters = Pick<MarketQuery, 'class' | 'minLevel' | 'maxLevel' | 'maxPrice'>;

export const equipBody = z.object({
  equipmentId: positiveId('Please choose a piece of equipment'),
  slot: z.enum(SLOTS, { error: 'Unknown equipment slot' }),
});

export const learnSkillBody = z.object({ skillId: positiveId('Please choose a skill') });

/** `POST /api/characters/{id}/upgrade-skill`: raises a learned skill one level. */
export const upgradeSkillBody = z.object({ skillId: positiveId('Please choose a skill') });

export const forgeBody = z.object({
  equipmentSet: z.enum(SET_IDS, { error: 'Please select an equipment set and slot' }),
  slot: z.enum(SLOTS, { error: 'Please select an equipment set and slot' }),
  /** Sent by the client as `{}`; the server takes what the set needs. */
  materials: z.record(z.string(), z.number()).optional(),
});

export const changeImageSetBody = z.object({
  characterId: positiveId('Please select a character first'),
  imageSet: z.string({ error: 'Unknown image set' }).min(1, 'Unknown image set').max(50, 'Unknown image set'),
});
