import type { ListingView } from '@common/game-api';
import type { SellBody } from '@common/requests';
import type { Db } from '../db/client';
import { marketplaceListings } from '../db/schema';
import { characterView } from './character-view';
import { activeListingOf, ownedCharacter } from './characters';
import { PG_UNIQUE_VIOLATION, conflict, pgErrorCode } from './errors';

const ALREADY_LISTED = 'This character is already listed on the marketplace';

/** Puts the player's own, unlisted character up for sale. */
export async function listForSale(db: Db, userId: number, { characterId, price }: SellBody): Promise<ListingView> {
  try {
    return await db.transaction(async (tx) => {
      const row = await ownedCharacter(tx, userId, characterId, true);
      if (await activeListingOf(tx, characterId)) throw conflict(ALREADY_LISTED);
      const [listing] = await tx.insert(marketplaceListings).values({ characterId, sellerId: userId, price }).returning();
      const l = listing!;
      return {
        id: l.id,
        price: l.price,
        views: l.views,
        likes: l.likes,
        createdAt: l.createdAt.toISOString(),
        sellerId: l.sellerId,
        character: characterView(row, { id: l.id, price: l.price }),
      };
    });
  } catch (err) {
    if (pgErrorCode(err) === PG_UNIQUE_VIOLATION) throw conflict(ALREADY_LISTED);
    throw err;
  }
}
