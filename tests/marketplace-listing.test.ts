import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CharacterView, ListingView } from '../src/common/game-api';
import { REQUEST_MESSAGES } from '../src/common/requests';
import { Player } from './helpers/player';
import { startTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function seller() {
  const p = new Player(t.base);
  await p.register();
  const character = (await p.post('/api/characters', { name: 'Seller', class: 'rogue', characterAvatar: 'rogue1' })).body as CharacterView;
  return { p, character };
}

describe('listing a character for sale', () => {
  it.each(['/api/marketplace', '/api/marketplace/sell'])('%s lists an own character once', async (path) => {
    const { p, character } = await seller();
    const res = await p.post(path, { characterId: character.id, price: 400 });
    expect(res.status).toBe(201);
    const listing = res.body as ListingView;
    expect(listing).toMatchObject({ price: 400, views: 0, likes: 0, character: { id: character.id } });
    expect(listing.character.listing).toEqual({ id: listing.id, price: 400 });

    const [mine] = (await p.get('/api/characters')).body as CharacterView[];
    expect(mine!.listing).toEqual({ id: listing.id, price: 400 });

    const twice = await p.post(path, { characterId: character.id, price: 500 });
    expect(twice.status).toBe(409);
    expect(twice.body).toEqual({ message: 'This character is already listed on the marketplace' });
  });

  it('only one of two simultaneous listings of a character wins', async () => {
    const { p, character } = await seller();
    const answers = await Promise.all([400, 500].map((price) => p.post('/api/marketplace', { characterId: character.id, price })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
  });

  it.each([0, -5, 1.5, 10_000_001, '100', null])('refuses price %o with 400', async (price) => {
    const { p, character } = await seller();
    const res = await p.post('/api/marketplace', { characterId: character.id, price });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: REQUEST_MESSAGES.price });
  });

  it('accepts the bounds 1 and 10,000,000', async () => {
    const a = await seller();
    expect((await a.p.post('/api/marketplace', { characterId: a.character.id, price: 1 })).status).toBe(201);
    const b = await seller();
    expect((await b.p.post('/api/marketplace', { characterId: b.character.id, price: 10_000_000 })).status).toBe(201);
  });

  it("refuses someone else's character with 403 and leaves it unlisted", async () => {
    const { p, character } = await seller();
    const { p: other } = await seller();
    const res = await other.post('/api/marketplace/sell', { characterId: character.id, price: 100 });
    expect(res.status).toBe(403);
    const [mine] = (await p.get('/api/characters')).body as CharacterView[];
    expect(mine!.listing).toBeNull();
  });
});
