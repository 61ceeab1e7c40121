import { z } from 'zod';
import { RANKING_CATEGORIES, type Threat } from './game-api';
import { idField, pathIdField } from './ids';
import { LISTING_PRICE_MESSAGE, MAX_LISTING_PRICE } from './market-limits';

/** Request bodies and queries of the character, battle, ranking and listing calls. */

export { MAX_LISTING_PRICE } from './market-limits';

export const REQUEST_MESSAGES = {
  characterId: 'Please select a character first',
  price: LISTING_PRICE_MESSAGE,
  rankingCategory: 'Category must be level, wins, overall or pvp',
  rankingLimit: 'Limit must be a whole number from 1 to 100',
  threat: 'Threat must be low, even or high',
  enemyRoll: 'Enemy roll must be the roll of the enemy shown',
} as const;


const characterId = idField(REQUEST_MESSAGES.characterId);

/**
 * `POST /api/battle`. `enemyRoll` (the `roll` of the enemy the page shows) makes the server fight
 * that enemy or refuse (409 ENEMY_REPLACED_MESSAGE); without it, whichever enemy it remembers.
 */
export const battleBody = z.object({
  characterId,
  enemyRoll: z.number({ error: REQUEST_MESSAGES.enemyRoll }).int(REQUEST_MESSAGES.enemyRoll).min(1, REQUEST_MESSAGES.enemyRoll).optional(),
});

/** `GET /api/enemy?threat=low|even|high` (absent: DEFAULT_THREAT): how strong an enemy to roll. */
export const enemyQuery = z.object({
  threat: z
    .enum(['low', 'even', 'high'], { error: REQUEST_MESSAGES.threat })
    .optional()
    .transform((t): Threat | undefined => (t === undefined ? undefined : THREAT_NAMES[t])),
});

const THREAT_NAMES = { low: 'Low', even: 'Even', high: 'High' } as const satisfies Record<string, Threat>;

/** `POST /api/marketplace` and `POST /api/marketplace/sell`. */
export const sellBody = z.object({
  characterId,
  price: z
    .number({ error: REQUEST_MESSAGES.price })
    .int(REQUEST_MESSAGES.price)
    .min(1, REQUEST_MESSAGES.price)
    .max(MAX_LISTING_PRICE, REQUEST_MESSAGES.price),
});
export type SellBody = z.infer<typeof sellBody>;

/** `GET /api/rankings?category=&limit=`. */
export const rankingsQuery = z.object({
  category: z.enum([...RANKING_CATEGORIES, 'pvp'], { error: REQUEST_MESSAGES.rankingCategory }).default('overall'),
  limit: z.coerce
    .number({ error: REQUEST_MESSAGES.rankingLimit })
    .int(REQUEST_MESSAGES.rankingLimit)
    .min(1, REQUEST_MESSAGES.rankingLimit)
    .max(100, REQUEST_MESSAGES.rankingLimit)
    .default(20),
});

/** A numeric id in a path, e.g. `/api/characters/{id}/progression`: plain digits or 400. */
export const idParams = z.object({ id: pathIdField() });
