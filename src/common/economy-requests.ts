import { z } from 'zod';
import { SET_IDS, SLOTS } from './economy-api';
import { idField } from './ids';

/** Request bodies of the economy calls. Unknown fields are ignored (never trusted). */

const positiveId = idField;

export const buyListingBody = z.object({ listingId: positiveId('Please choose a listing to buy') });

export const MARKET_SORTS = ['newest', 'price_low', 'price_high', 'level_high', 'level_low', 'popular'] as const;
export type MarketSort = (typeof MARKET_SORTS)[number];

export const equipBody = z.object({
  equipmentId: positiveId('Please choose a piece of equipment'),
  slot: z.enum(SLOTS, { error: 'Unknown equipment slot' }),
});

export const learnSkillBody = z.object({ skillId: positiveId('Please choose a skill') });

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
