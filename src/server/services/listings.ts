import type { ListingView } from '@common/game-api';
import type { SellBody } from '@common/requests';
import type { AppContext } from '../context';
import { marketplaceListings } from '../db/schema';
import { characterView } from './character-view';
import { activeListingOf, assertNotInPvp, ownedCharacter } from './characters';
import { PG_UNIQUE_VIOLATION, conflict, pgErrorCode } from '../errors';
import { transact } from './transaction';

const ALREADY_LISTED = 'This character is already listed on the marketplace';

/** Puts the player's own, unlisted character up for sale. */
export async function listForSale(ctx: AppContext, userId: number, { characterId, price }: SellBody): Promise<ListingView> {
  try {
    return await transact(ctx, async (tx) => {
      const row = await ownedCharacter(tx, userId, characterId, true);
      if (await activeListingOf(tx, characterId)) throw conflict(ALREADY_LISTED);
      // A queued or fighting character would fight on for its buyer: one battle, two payouts.
      await assertNotInPvp(tx, characterId);
      const [listing] = await tx.insert(marketplaceListings).values({ characterId, sellerId: userId, price, characterLevel: row.level }).returning();
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
