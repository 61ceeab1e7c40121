import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MarketListingView, MarketStatsView, PurchaseView } from '../src/common/economy-api';
import type { CharacterView, ListingView } from '../src/common/game-api';
import { characters, creditLedger, users } from '../src/server/db/schema';
import { auditCredits } from './helpers/economy';
import { Player } from './helpers/player';
import { startTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function sellerWithListing(price = 1000) {
  const p = new Player(t.base);
  const account = await p.register();
  const character = (await p.post('/api/characters', { name: 'Wares', class: 'assassin', characterAvatar: 'assassin1' }))
    .body as CharacterView;
  const listing = (await p.post('/api/marketplace/sell', { characterId: character.id, price })).body as ListingView;
  return { p, account, character, listing };
}

async function buyer() {
  const p = new Player(t.base);
  const account = await p.register();
  return { p, account };
}

describe('buying a listing', () => {
  it('moves the character and the credits: the buyer pays the price, the seller gets it minus 5 %', async () => {
    const s = await sellerWithListing(1000);
    const b = await buyer();

    const market = (await b.p.get('/api/marketplace?limit=100')).body.listings as MarketListingView[];
    const shown = market.find((l) => l.id === s.listing.id)!;
    expect(shown).toMatchObject({ price: 1000, sellerName: s.account.username, likedByMe: false, views: 0, likes: 0 });
    expect(shown.character.id).toBe(s.character.id);

    const res = await b.p.post('/api/marketplace/buy', { listingId: s.listing.id });
    expect(res.status).toBe(200);
    const purchase = res.body as PurchaseView;
    expect(purchase.credits).toBe(1500);
    expect(purchase.character).toMatchObject({ id: s.character.id, userId: b.account.user.id, listing: null });

    expect((await b.p.get('/api/user')).body.credits).toBe(1500);
    expect((await s.p.get('/api/user')).body.credits).toBe(2500 + 950);
    expect(((await b.p.get('/api/characters')).body as CharacterView[]).map((c) => c.id)).toEqual([s.character.id]);
    expect((await s.p.get('/api/characters')).body).toEqual([]);
    expect(((await b.p.get('/api/marketplace?limit=100')).body.listings as MarketListingView[]).some((l) => l.id === s.listing.id)).toBe(false);

    const ledger = await t.database.db.select().from(creditLedger).where(eq(creditLedger.reference, `listing:${s.listing.id}`));
    expect(ledger.map((r) => [r.userId, r.delta, r.reason]).sort()).toEqual(
      [
        [b.account.user.id, -1000, 'marketplace_purchase'],
        [s.account.user.id, 950, 'marketplace_sale'],
      ].sort(),
    );

    const stats = (await b.p.get('/api/marketplace/stats')).body as MarketStatsView;
    expect(stats.totalVolume).toBeGreaterThanOrEqual(1000);
    expect(stats.activeBuyers).toBeGreaterThanOrEqual(1);

    // The buyer's new fighter can fight and the former owner can no longer use it.
    expect((await b.p.post('/api/battle', { characterId: s.character.id })).status).toBe(200);
    expect((await s.p.post('/api/battle', { characterId: s.character.id })).status).toBe(403);
  });

  it('gives exactly one of 50 funded buyers the listing; the rest get a clear 409', async () => {
    const s = await sellerWithListing(2000);
    const buyers = await Promise.all(Array.from({ length: 50 }, buyer));
    const answers = await Promise.all(buyers.map((b) => b.p.post('/api/marketplace/buy', { listingId: s.listing.id })));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((x) => x === 200)).toHaveLength(1);
    expect(statuses.filter((x) => x === 409)).toHaveLength(49);
    for (const a of answers.filter((x) => x.status === 409)) {
      expect(a.body).toEqual({ message: 'This listing has already been sold or withdrawn' });
    }
    const winner = buyers[statuses.indexOf(200)]!;
    const [row] = await t.database.db.select().from(characters).where(eq(characters.id, s.character.id));
    expect(row!.userId).toBe(winner.account.user.id);
    const balances = await Promise.all(buyers.map(async (b) => (await b.p.get('/api/user')).body.credits as number));
    expect(balances.filter((c) => c === 500)).toHaveLength(1);
    expect(balances.filter((c) => c === 2500)).toHaveLength(49);
    const audit = await auditCredits(t.database.db);
    expect(audit.badUsers).toEqual([]);
  });

  it('refuses buying your own listing, a sold one, one you cannot afford, and unknown ids', async () => {
    const s = await sellerWithListing(3000);
    expect((await s.p.post('/api/marketplace/buy', { listingId: s.listing.id })).body).toEqual({
      message: 'You cannot buy your own listing',
    });
    const poor = await buyer();
    const res = await poor.p.post('/api/marketplace/buy', { listingId: s.listing.id });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Insufficient credits' });
    expect((await poor.p.get('/api/user')).body.credits).toBe(2500);
    expect((await poor.p.post('/api/marketplace/buy', { listingId: 99999999 })).status).toBe(404);
    expect((await poor.p.post('/api/marketplace/buy', {})).status).toBe(400);
  });

  it('ignores fields a buyer should not set', async () => {
    const s = await sellerWithListing(100);
    const b = await buyer();
    const res = await b.p.post('/api/marketplace/buy', { listingId: s.listing.id, credits: 999999, userId: s.account.user.id, price: 1 });
    expect(res.status).toBe(200);
    expect(res.body.credits).toBe(2400);
  });
});

describe('withdrawing, views and likes', () => {
  it('lets only the seller withdraw; a withdrawn character can fight again', async () => {
    const s = await sellerWithListing(500);
    const other = await buyer();
    expect((await other.p.request('DELETE', `/api/marketplace/${s.listing.id}`)).status).toBe(403);
    const res = await s.p.request('DELETE', `/api/marketplace/${s.listing.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Listing withdrawn' });
    expect((await s.p.request('DELETE', `/api/marketplace/${s.listing.id}`)).status).toBe(409);
    expect((await other.p.post('/api/marketplace/buy', { listingId: s.listing.id })).status).toBe(409);
    expect((await s.p.post('/api/battle', { characterId: s.character.id })).status).toBe(200);
  });

  it('counts a view once per player, not the seller; likes toggle', async () => {
    const s = await sellerWithListing(500);
    const a = await buyer();
    const b = await buyer();
    expect((await s.p.post(`/api/marketplace/${s.listing.id}/view`)).body).toEqual({ views: 0 });
    expect((await a.p.post(`/api/marketplace/${s.listing.id}/view`)).body).toEqual({ views: 1 });
    expect((await a.p.post(`/api/marketplace/${s.listing.id}/view`)).body).toEqual({ views: 1 });
    expect((await b.p.post(`/api/marketplace/${s.listing.id}/view`)).body).toEqual({ views: 2 });

    expect((await a.p.post(`/api/marketplace/${s.listing.id}/like`)).body).toEqual({ liked: true, likes: 1 });
    expect((await b.p.post(`/api/marketplace/${s.listing.id}/like`)).body).toEqual({ liked: true, likes: 2 });
    expect((await a.p.post(`/api/marketplace/${s.listing.id}/like`)).body).toEqual({ liked: false, likes: 1 });
    const seen = ((await b.p.get('/api/marketplace?limit=100')).body.listings as MarketListingView[]).find((l) => l.id === s.listing.id)!;
    expect(seen).toMatchObject({ views: 2, likes: 1, likedByMe: true });

    const burst = await Promise.all(Array.from({ length: 6 }, () => a.p.post(`/api/marketplace/${s.listing.id}/like`)));
    expect(burst.every((r) => r.status === 200)).toBe(true);
    const after = ((await a.p.get('/api/marketplace?limit=100')).body.listings as MarketListingView[]).find((l) => l.id === s.listing.id)!;
    expect(after.likes).toBe(1 + (after.likedByMe ? 1 : 0));
    expect((await a.p.post('/api/marketplace/99999999/like')).status).toBe(404);
  });

  it('stats count active listings, sold volume and distinct recent buyers', async () => {
    const before = (await (await buyer()).p.get('/api/marketplace/stats')).body as MarketStatsView;
    const s = await sellerWithListing(700);
    const b = await buyer();
    const during = (await b.p.get('/api/marketplace/stats')).body as MarketStatsView;
    expect(during.totalListings).toBe(before.totalListings + 1);
    await b.p.post('/api/marketplace/buy', { listingId: s.listing.id });
    const after = (await b.p.get('/api/marketplace/stats')).body as MarketStatsView;
    expect(after.totalListings).toBe(before.totalListings);
    expect(after.totalVolume).toBe(before.totalVolume + 700);
    expect(after.activeBuyers).toBe(before.activeBuyers + 1);
    const [u] = await t.database.db.select().from(users).where(eq(users.id, b.account.user.id));
    expect(u!.credits).toBe(1800);
  });
});
