import { and, asc, count, countDistinct, desc, eq, gt, gte, inArray, lte, sql, sum, type SQL } from 'drizzle-orm';
import type { LikeView, MarketPageView, MarketStatsView, PurchaseView, ViewCountView } from '@common/economy-api';
import type { MarketFilters, MarketQuery, MarketSort } from '@common/economy-requests';
import { saleProceeds } from '@common/market-limits';
import type { AppContext } from '../context';
import { rowsOf, type Tx } from '../db/client';
import { pvpBattles, pvpQueue } from '../db/schema-pvp';
import type { DomainEvent } from '../domain/events';
import { characters, listingLikes, listingViews, marketplaceListings, users } from '../db/schema-index';
import { ACTIVE_BUYER_WINDOW_MS } from '../domain/market';
import { decodeMarketCursor, encodeMarketCursor, type MarketCursor } from '../domain/market-cursor';
import { characterView } from './character-view';
import { extrasColumns, loadoutFrom } from './loadout';
import { PVP_BUSY_MESSAGES, viewsOf } from './characters';
import { creditMoves, withCreditCheck } from './ledger';
import { eventsInsert } from './outbox';
import { badRequest, conflict, forbidden, notFound } from '../errors';
import { transact } from './transaction';

/** Popularity (SPEC §9): views plus likes; `marketplace_active_popular_idx` indexes this very expression. */
const popularity = sql<number>`(${marketplaceListings.views} + ${marketplaceListings.likes})`;

type Column = typeof marketplaceListings.price | typeof marketplaceListings.characterLevel | SQL<number>;

/**
 * How each order sorts: by `key` (none for newest), `ascending` or not, ties always to the
 * newest listing (highest id). Each is served by one partial index over the active listings.
 */
const ORDERS: Record<MarketSort, { key: Column | null; ascending: boolean }> = {
  newest: { key: null, ascending: false },
  price_low: { key: marketplaceListings.price, ascending: true },
  price_high: { key: marketplaceListings.price, ascending: false },
  level_high: { key: marketplaceListings.characterLevel, ascending: false },
  level_low: { key: marketplaceListings.characterLevel, ascending: true },
  popular: { key: popularity, ascending: false },
};

const INVALID_CURSOR = 'Invalid cursor: start again from the first page';

/** Where the page after `cursor` starts: strictly after the cursor's listing in the page's order. */
function after(sort: MarketSort, cursor: MarketCursor): SQL {
  const { key, ascending } = ORDERS[sort];
  const id = marketplaceListings.id;
  if (!key) return sql`${id} < ${cursor.id}`;
  // Descending both ways: one row comparison, an index condition of the backward scan.
  if (!ascending) return sql`(${key}, ${id}) < (${cursor.key}, ${cursor.id})`;
  // Ascending key, descending id: the bound on the key alone is the index condition.
  return sql`${key} >= ${cursor.key} and (${key} > ${cursor.key} or ${id} < ${cursor.id})`;
}

function orderOf(sort: MarketSort): SQL[] {
  const { key, ascending } = ORDERS[sort];
  const byId = desc(marketplaceListings.id);
  if (!key) return [byId];
  return [ascending ? asc(key) : desc(key), byId];
}

function filtersOf({ class: classId, minLevel, maxLevel, maxPrice }: MarketFilters): SQL[] {
  const level = marketplaceListings.characterLevel;
  return [
    ...(classId ? [eq(characters.class, classId)] : []),
    ...(minLevel !== undefined ? [gte(level, minLevel)] : []),
    ...(maxLevel !== undefined ? [lte(level, maxLevel)] : []),
    ...(maxPrice !== undefined ? [lte(marketplaceListings.price, maxPrice)] : []),
  ];
}

/**
 * One page of active listings in the asked order, with their characters as the buyer would
 * get them (gear and skills included), the seller's name and whether the viewer liked each:
 * one statement, walking the order's index from the cursor on.
 */
export async function marketPage({ db }: AppContext, viewerId: number, query: MarketQuery): Promise<MarketPageView> {
  const { sort, limit, cursor } = query;
  let from: MarketCursor | null = null;
  if (cursor !== undefined) {
    from = decodeMarketCursor(cursor);
    if (!from || from.sort !== sort) throw badRequest(INVALID_CURSOR);
  }
  const key = ORDERS[sort].key ?? sql<number>`0`;
  const rows = await db
    .select({
      id: marketplaceListings.id,
      price: marketplaceListings.price,
      views: marketplaceListings.views,
      likes: marketplaceListings.likes,
      createdAt: marketplaceListings.createdAt,
      sellerId: marketplaceListings.sellerId,
      sellerName: users.username,
      sortKey: sql<number>`${key}`.mapWith(Number),
      likedByMe: sql<boolean>`exists (select 1 from ${listingLikes} ll where ll.listing_id = ${marketplaceListings.id} and ll.user_id = ${viewerId})`,
      character: characters,
      gear: extrasColumns.gear,
      skills: extrasColumns.skills,
    })
    .from(marketplaceListings)
    .innerJoin(users, eq(users.id, marketplaceListings.sellerId))
    .innerJoin(characters, eq(characters.id, marketplaceListings.characterId))
    .where(and(eq(marketplaceListings.status, 'active'), ...filtersOf(query), ...(from ? [after(sort, from)] : [])))
    .orderBy(...orderOf(sort))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  const nextCursor = rows.length > limit && last ? encodeMarketCursor({ sort, key: last.sortKey, id: last.id }) : null;
  const listings = page.map(({ createdAt, sortKey: _key, character, gear, skills, ...r }) => ({
    ...r,
    createdAt: createdAt.toISOString(),
    character: characterView(character, { id: r.id, price: r.price }, loadoutFrom({ gear, skills })),
  }));
  return { listings, nextCursor };
}

export async function marketStats({ db, clock }: AppContext): Promise<MarketStatsView> {
  const now = clock.now();
  const since = new Date(now.getTime() - ACTIVE_BUYER_WINDOW_MS);
  const [[active], [sold], [buyers]] = await Promise.all([
    db.select({ n: count() }).from(marketplaceListings).where(eq(marketplaceListings.status, 'active')),
    db.select({ total: sum(marketplaceListings.price) }).from(marketplaceListings).where(eq(marketplaceListings.status, 'sold')),
    db
      .select({ n: countDistinct(marketplaceListings.buyerId) })
      .from(marketplaceListings)
      .where(and(eq(marketplaceListings.status, 'sold'), gt(marketplaceListings.closedAt, since))),
  ]);
  return { totalListings: active?.n ?? 0, totalVolume: Number(sold?.total ?? 0), activeBuyers: buyers?.n ?? 0 };
}

async function lockListing(tx: Tx, listingId: number) {
  const [listing] = await tx.select().from(marketplaceListings).where(eq(marketplaceListings.id, listingId)).for('update');
  if (!listing) throw notFound('Listing not found');
  return listing;
}

/**
 * Buys a listing: exactly one buyer wins however many try at once (the listing row is locked
 * and re-read), the buyer pays the price, the seller gets it minus the burned fee, and the
 * character moves with its gear and skills (they belong to the character). Five statements
 * inside the transaction.
 */
export async function buyListing(ctx: AppContext, buyerId: number, listingId: number): Promise<PurchaseView> {
  const now = ctx.clock.now();
  return transact(ctx, async (tx) => {
    // 1. The listing, then its character, locked, with whether the character is busy in PvP.
    const [listing] = rowsOf<{ id: number; seller_id: number; character_id: number; price: number; status: string; queued: boolean; fighting: boolean }>(
      await tx.execute(sql`
        select l.id, l.seller_id, l.character_id, l.price, l.status,
          exists (select 1 from ${pvpQueue} q where q.character_id = l.character_id) as queued,
          exists (select 1 from ${pvpBattles} b where b.status = 'active' and (b.player1_character_id = l.character_id or b.player2_character_id = l.character_id)) as fighting
        from ${marketplaceListings} l join ${characters} c on c.id = l.character_id
        where l.id = ${listingId}
        for no key update of l, c`),
    );
    if (!listing) throw notFound('Listing not found');
    if (listing.status !== 'active') throw conflict('This listing has already been sold or withdrawn');
    if (listing.seller_id === buyerId) throw conflict('You cannot buy your own listing');
    if (listing.fighting) throw conflict(PVP_BUSY_MESSAGES.battle);
    if (listing.queued) throw conflict(PVP_BUSY_MESSAGES.queue);
    // 2. Both balances in id order: every other path (battles, the PvP queue, gear) locks a
    // character before its owner, so the same order cannot deadlock.
    await tx
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.id, [buyerId, listing.seller_id]))
      .orderBy(users.id)
      .for('no key update');
    // 3. The money with its ledger rows, the listing closed and the sale's event, in one statement.
    const reference = `listing:${listing.id}`;
    const sale: DomainEvent = { type: 'CharacterSold', userId: listing.seller_id, buyerId, characterId: listing.character_id, price: listing.price };
    const balances = rowsOf<{ user_id: number; balance_after: number }>(
      await withCreditCheck(() =>
        tx.execute(sql`
          with ${creditMoves(
            [
              { userId: buyerId, delta: -listing.price, reason: 'marketplace_purchase' },
              { userId: listing.seller_id, delta: saleProceeds(listing.price), reason: 'marketplace_sale' },
            ],
            reference,
          )},
          closed as (update ${marketplaceListings} set status = 'sold', buyer_id = ${buyerId}, closed_at = ${now} where id = ${listing.id}),
          events as (${eventsInsert(tx, [sale], now)})
          select user_id, balance_after from ledger`),
      ),
    );
    // 4. The character changes hands with its gear and skills (they belong to the character).
    const [moved] = await tx
      .update(characters)
      .set({ userId: buyerId })
      .where(and(eq(characters.id, listing.character_id), eq(characters.userId, listing.seller_id)))
      .returning();
    if (!moved) throw conflict('The seller no longer owns this character');
    // 5. Its view for the answer.
    const [character] = await viewsOf(tx, [moved]);
    const credits = balances.find((b) => b.user_id === buyerId)!.balance_after;
    return { message: `${moved.name} is yours!`, credits, character: character! };
  });
}

/** The seller takes a listing back. */
export async function withdrawListing(ctx: AppContext, userId: number, listingId: number) {
  const now = ctx.clock.now();
  return transact(ctx, async (tx) => {
    const listing = await lockListing(tx, listingId);
    if (listing.sellerId !== userId) throw forbidden('This listing is not yours');
    if (listing.status !== 'active') throw conflict('This listing has already been sold or withdrawn');
    await tx
      .update(marketplaceListings)
      .set({ status: 'withdrawn', closedAt: now })
      .where(eq(marketplaceListings.id, listing.id));
    return { message: 'Listing withdrawn' };
  });
}

async function activeListing(tx: Tx, listingId: number) {
  const listing = await lockListing(tx, listingId);
  if (listing.status !== 'active') throw notFound('Listing not found');
  return listing;
}

/** Counts a player's first look at a listing (the seller's own looks do not count). */
export async function viewListing({ db }: AppContext, userId: number, listingId: number): Promise<ViewCountView> {
  return db.transaction(async (tx) => {
    const listing = await activeListing(tx, listingId);
    if (listing.sellerId === userId) return { views: listing.views };
    const inserted = await tx.insert(listingViews).values({ listingId, userId }).onConflictDoNothing().returning();
    if (inserted.length === 0) return { views: listing.views };
    const [row] = await tx
      .update(marketplaceListings)
      .set({ views: sql`${marketplaceListings.views} + 1` })
      .where(eq(marketplaceListings.id, listingId))
      .returning({ views: marketplaceListings.views });
    return { views: row!.views };
  });
}

/** Likes a listing, or takes the like back. */
export async function toggleLike({ db }: AppContext, userId: number, listingId: number): Promise<LikeView> {
  return db.transaction(async (tx) => {
    await activeListing(tx, listingId);
    const removed = await tx
      .delete(listingLikes)
      .where(and(eq(listingLikes.listingId, listingId), eq(listingLikes.userId, userId)))
      .returning();
    if (removed.length === 0) await tx.insert(listingLikes).values({ listingId, userId });
    const delta = removed.length === 0 ? 1 : -1;
    const [row] = await tx
      .update(marketplaceListings)
      .set({ likes: sql`${marketplaceListings.likes} + ${delta}` })
      .where(eq(marketplaceListings.id, listingId))
      .returning({ likes: marketplaceListings.likes });
    return { liked: delta === 1, likes: row!.likes };
  });
}
