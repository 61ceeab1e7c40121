import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLASS_IDS, type ClassId } from '../src/common/characters';
import type { MarketListingView, MarketPageView } from '../src/common/economy-api';
import { MARKET_QUERY_MESSAGES, MARKET_SORTS, type MarketSort } from '../src/common/economy-requests';
import type { CharacterView, ListingView } from '../src/common/game-api';
import { STATEMENTS_HEADER } from '../src/server/app';
import { characters, marketplaceListings, users } from '../src/server/db/schema';
import { listingLikes } from '../src/server/db/schema-market';
import { Player, type Answer } from './helpers/player';
import { startTestApp, type TestApp } from './helpers/test-app';

/**
 * `GET /api/marketplace` pages: every order walked page by page against the same order computed
 * here from the table, the filters, the bounds of the query and what a sale between two pages does.
 */
let t: TestApp;
let viewer: Player;
let viewerId: number;
let likedByViewer: Set<number>;

interface Row {
  id: number;
  price: number;
  level: number;
  popularity: number;
  class: ClassId;
}

/** The active listings as the table has them, the level read from the character itself. */
async function activeRows(): Promise<Row[]> {
  const rows = await t.database.db
    .select({
      id: marketplaceListings.id,
      price: marketplaceListings.price,
      views: marketplaceListings.views,
      likes: marketplaceListings.likes,
      level: characters.level,
      class: characters.class,
    })
    .from(marketplaceListings)
    .innerJoin(characters, eq(characters.id, marketplaceListings.characterId))
    .where(eq(marketplaceListings.status, 'active'));
  return rows.map((r) => ({ id: r.id, price: r.price, level: r.level, popularity: r.views + r.likes, class: r.class }));
}

/** The SPEC's orders, ties to the newest listing (the higher id). */
const ORDER: Record<MarketSort, (a: Row, b: Row) => number> = {
  newest: (a, b) => b.id - a.id,
  price_low: (a, b) => a.price - b.price || b.id - a.id,
  price_high: (a, b) => b.price - a.price || b.id - a.id,
  level_high: (a, b) => b.level - a.level || b.id - a.id,
  level_low: (a, b) => a.level - b.level || b.id - a.id,
  popular: (a, b) => b.popularity - a.popularity || b.id - a.id,
};

const expected = (rows: Row[], sort: MarketSort) => [...rows].sort(ORDER[sort]).map((r) => r.id);

function url(query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) params.set(k, String(v));
  const text = params.toString();
  return text ? `/api/marketplace?${text}` : '/api/marketplace';
}

/** Every page of a query, in order, with the answers themselves. */
async function walk(query: Record<string, string | number | undefined>) {
  const pages: Answer<MarketPageView>[] = [];
  let cursor: string | undefined;
  do {
    const page = await viewer.get<MarketPageView>(url({ ...query, cursor }));
    expect(page.status, page.text).toBe(200);
    pages.push(page);
    cursor = page.body.nextCursor ?? undefined;
    expect(pages.length).toBeLessThan(50);
  } while (cursor);
  return { pages, ids: pages.flatMap((p) => p.body.listings.map((l) => l.id)) };
}

function statements(a: Answer): number {
  const counted = a.headers.get(STATEMENTS_HEADER);
  expect(counted).toMatch(/^\d+$/);
  return Number(counted);
}

beforeAll(async () => {
  t = await startTestApp();
  viewer = new Player(t.base);
  viewerId = (await viewer.register()).user.id;
  const sellers = await Promise.all(
    Array.from({ length: 4 }, async () => {
      const p = new Player(t.base);
      return { p, id: (await p.register()).user.id };
    }),
  );
  // 60 listings with repeated prices, levels and popularity, so the ties are walked too.
  const made = await t.database.db
    .insert(characters)
    .values(
      Array.from({ length: 60 }, (_, i) => ({
        userId: sellers[i % 4]!.id,
        name: `Stock ${i}`,
        class: CLASS_IDS[i % 6]!,
        characterAvatar: `${CLASS_IDS[i % 6]!}1`,
        level: 1 + ((i * 7) % 13),
      })),
    )
    .returning({ id: characters.id, userId: characters.userId, level: characters.level });
  const listed = await t.database.db
    .insert(marketplaceListings)
    .values(
      made.map((c, i) => ({
        characterId: c.id,
        sellerId: c.userId,
        characterLevel: c.level,
        price: 100 + ((i * 37) % 11) * 50,
        views: (i * 5) % 9,
        likes: (i * 3) % 4,
      })),
    )
    .returning({ id: marketplaceListings.id });
  // Closed listings never show.
  await t.database.db
    .update(marketplaceListings)
    .set({ status: 'sold' })
    .where(eq(marketplaceListings.id, listed[10]!.id));
  await t.database.db
    .update(marketplaceListings)
    .set({ status: 'withdrawn' })
    .where(eq(marketplaceListings.id, listed[11]!.id));
  // One listed the way players list, after the character grew to level 9.
  const seller = new Player(t.base);
  await seller.register();
  const own = (await seller.post('/api/characters', { name: 'Sold Through', class: 'mage', characterAvatar: 'mage1' })).body as CharacterView;
  await t.database.db.update(characters).set({ level: 9 }).where(eq(characters.id, own.id));
  const sold = await seller.post('/api/marketplace/sell', { characterId: own.id, price: 350 });
  expect(sold.status).toBe(201);
  // The viewer likes a few.
  likedByViewer = new Set([listed[3]!.id, listed[20]!.id, (sold.body as ListingView).id]);
  await t.database.db.insert(listingLikes).values([...likedByViewer].map((listingId) => ({ listingId, userId: viewerId })));
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/marketplace pages', () => {
  it('answers the first 24 newest listings with a cursor, and everything within the limit of 100', async () => {
    const rows = await activeRows();
    expect(rows).toHaveLength(59);
    const first = await viewer.get<MarketPageView>('/api/marketplace');
    expect(first.status).toBe(200);
    expect(first.body.listings.map((l) => l.id)).toEqual(expected(rows, 'newest').slice(0, 24));
    expect(typeof first.body.nextCursor).toBe('string');

    const all = await viewer.get<MarketPageView>(url({ limit: 100 }));
    expect(all.body.listings.map((l) => l.id)).toEqual(expected(rows, 'newest'));
    expect(all.body.nextCursor).toBeNull();
  });

  it('shows each listing with its character, seller, counts and whether the viewer liked it', async () => {
    const { body } = await viewer.get<MarketPageView>(url({ limit: 100 }));
    const byName = new Map(body.listings.map((l) => [l.character.name, l]));
    const listed = byName.get('Sold Through')!;
    expect(listed).toMatchObject({ price: 350, views: 0, likes: 0, likedByMe: true });
    expect(listed.character).toMatchObject({ class: 'mage', level: 9, listing: { id: listed.id, price: 350 } });
    expect(listed.character.value).toBeGreaterThan(0);
    const [seller] = await t.database.db.select({ username: users.username }).from(users).where(eq(users.id, listed.sellerId));
    expect(listed.sellerName).toBe(seller!.username);
    expect(new Set(body.listings.filter((l) => l.likedByMe).map((l) => l.id))).toEqual(likedByViewer);
    const keys: (keyof MarketListingView)[] = ['id', 'price', 'views', 'likes', 'createdAt', 'sellerId', 'sellerName', 'likedByMe', 'character'];
    expect(Object.keys(listed).sort()).toEqual([...keys].sort());
  });

  it.each(MARKET_SORTS)('%s: every listing once, in order, across pages of 7', async (sort) => {
    const rows = await activeRows();
    const { pages, ids } = await walk({ sort, limit: 7 });
    expect(ids).toEqual(expected(rows, sort));
    expect(new Set(ids).size).toBe(ids.length);
    expect(pages).toHaveLength(Math.ceil(rows.length / 7));
    expect(pages.slice(0, -1).every((p) => p.body.listings.length === 7)).toBe(true);
    expect(pages.at(-1)!.body.nextCursor).toBeNull();
  });

  it('filters by class, level range and price, each alone and together, across pages', async () => {
    const rows = await activeRows();
    const cases: [Record<string, string | number>, (r: Row) => boolean][] = [
      [{ class: 'mage' }, (r) => r.class === 'mage'],
      [{ minLevel: 5 }, (r) => r.level >= 5],
      [{ maxLevel: 4 }, (r) => r.level <= 4],
      [{ minLevel: 3, maxLevel: 3 }, (r) => r.level === 3],
      [{ maxPrice: 300 }, (r) => r.price <= 300],
      [{ class: 'rogue', minLevel: 2, maxLevel: 10, maxPrice: 500 }, (r) => r.class === 'rogue' && r.level >= 2 && r.level <= 10 && r.price <= 500],
    ];
    for (const [filters, keep] of cases) {
      for (const sort of ['price_low', 'level_high'] as const) {
        const want = expected(rows.filter(keep), sort);
        expect(want.length, JSON.stringify(filters)).toBeGreaterThan(0);
        expect((await walk({ ...filters, sort, limit: 3 })).ids, `${sort} ${JSON.stringify(filters)}`).toEqual(want);
      }
    }
    const none = await viewer.get<MarketPageView>(url({ class: 'tank', maxPrice: 1 }));
    expect(none.body).toEqual({ listings: [], nextCursor: null });
  });

  it('refuses bad queries with a 400 that says what is wrong', async () => {
    const newest = (await viewer.get<MarketPageView>(url({ limit: 2 }))).body.nextCursor!;
    const forged = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const bad: [string, string][] = [
      [url({ limit: 0 }), MARKET_QUERY_MESSAGES.limit],
      [url({ limit: 101 }), MARKET_QUERY_MESSAGES.limit],
      [url({ limit: 'ten' }), MARKET_QUERY_MESSAGES.limit],
      [url({ limit: '2.5' }), MARKET_QUERY_MESSAGES.limit],
      [url({ limit: '-3' }), MARKET_QUERY_MESSAGES.limit],
      [url({ limit: '' }), MARKET_QUERY_MESSAGES.limit],
      [url({ limit: '1e2' }), MARKET_QUERY_MESSAGES.limit],
      ['/api/marketplace?limit=2&limit=3', MARKET_QUERY_MESSAGES.limit],
      [url({ sort: 'cheapest' }), MARKET_QUERY_MESSAGES.sort],
      [url({ class: 'wizard' }), MARKET_QUERY_MESSAGES.class],
      [url({ minLevel: 0 }), MARKET_QUERY_MESSAGES.minLevel],
      [url({ maxLevel: 1001 }), MARKET_QUERY_MESSAGES.maxLevel],
      [url({ minLevel: 6, maxLevel: 5 }), MARKET_QUERY_MESSAGES.levelRange],
      [url({ maxPrice: 0 }), MARKET_QUERY_MESSAGES.maxPrice],
      [url({ maxPrice: 10_000_001 }), MARKET_QUERY_MESSAGES.maxPrice],
      [url({ maxPrice: '99999999999999999999' }), MARKET_QUERY_MESSAGES.maxPrice],
      [url({ cursor: 'not a cursor' }), MARKET_QUERY_MESSAGES.cursor],
      [url({ cursor: 'x'.repeat(201) }), MARKET_QUERY_MESSAGES.cursor],
      [url({ cursor: forged(['price_low', 99_999_999_999, 1]) }), MARKET_QUERY_MESSAGES.cursor],
      [url({ cursor: forged(['newest', 0, 0]) }), MARKET_QUERY_MESSAGES.cursor],
      [url({ cursor: forged({ id: 1 }) }), MARKET_QUERY_MESSAGES.cursor],
      // A cursor of one order is not a place in another.
      [url({ sort: 'price_high', cursor: newest }), MARKET_QUERY_MESSAGES.cursor],
    ];
    for (const [path, message] of bad) {
      const res = await viewer.get(path);
      expect(res.status, path).toBe(400);
      expect(res.body, path).toEqual({ message });
    }
    expect((await new Player(t.base).get('/api/marketplace')).status).toBe(401);
  });

  it('a page read at most 2 statements, whatever the order, filters or cursor', async () => {
    await viewer.get('/api/marketplace'); // the first visit notes the first-steps quest
    for (const sort of MARKET_SORTS) {
      const first = await viewer.get<MarketPageView>(url({ sort, limit: 5 }));
      expect(statements(first), sort).toBeLessThanOrEqual(2);
      const second = await viewer.get<MarketPageView>(url({ sort, limit: 5, cursor: first.body.nextCursor!, minLevel: 2, maxPrice: 600, class: 'warrior' }));
      expect(second.status).toBe(200);
      expect(statements(second), sort).toBeLessThanOrEqual(2);
    }
  });

  it('a listing bought or withdrawn between two pages neither breaks the cursor nor shifts the pages', async () => {
    const before = await activeRows();
    const order = expected(before, 'price_low');
    const first = await viewer.get<MarketPageView>(url({ sort: 'price_low', limit: 7 }));
    expect(first.body.listings.map((l) => l.id)).toEqual(order.slice(0, 7));
    // The page's last listing (the cursor's own) is bought, the next page's first is withdrawn.
    const boughtId = order[6]!;
    const withdrawnId = order[7]!;
    await t.database.db.update(users).set({ credits: 100_000 }).where(eq(users.id, viewerId));
    expect((await viewer.post('/api/marketplace/buy', { listingId: boughtId })).status).toBe(200);
    await t.database.db
      .update(marketplaceListings)
      .set({ status: 'withdrawn' })
      .where(and(eq(marketplaceListings.id, withdrawnId), eq(marketplaceListings.status, 'active')));

    const second = await viewer.get<MarketPageView>(url({ sort: 'price_low', limit: 7, cursor: first.body.nextCursor! }));
    expect(second.status).toBe(200);
    expect(second.body.listings.map((l) => l.id)).toEqual(order.slice(8, 15));
    // And the refreshed first page no longer has it.
    const again = await viewer.get<MarketPageView>(url({ sort: 'price_low', limit: 7 }));
    expect(again.body.listings.map((l) => l.id)).not.toContain(boughtId);
    const gone = await t.database.db.select().from(marketplaceListings).where(inArray(marketplaceListings.id, [boughtId, withdrawnId]));
    expect(gone.map((l) => l.status).sort()).toEqual(['sold', 'withdrawn']);
  });
});
