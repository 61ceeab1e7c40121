import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CharacterView } from '../src/common/game-api';
import type { QueueStatusView } from '../src/common/pvp';
import { characters } from '../src/server/db/schema';
import { ghostFor } from '../src/server/pvp/storage/ghosts';
import { movableClock, serviceContext } from './helpers/context';
import { Player } from './helpers/player';
import { startTestApp, type TestApp } from './helpers/test-app';
import { waitUntil } from './helpers/test-socket';

/**
 * Ghosts are matched to the waiting player (issue 24): of their level ± 1 and a battle power
 * within 10 % of theirs, the closest in rating; none is offered when no character fits.
 * Level-1 powers (stat totals): warrior 72, tank 76, berserker 65; level 2: tank 82.
 */

let t: TestApp;
const clock = movableClock();
beforeAll(async () => {
  t = await startTestApp({ clock });
});
afterAll(async () => {
  await t?.close();
});

async function fighter(name: string, cls: string, { level = 1, rating = 1500 } = {}) {
  const p = new Player(t.base);
  const { user } = await p.register();
  const character = (await p.post('/api/characters', { name, class: cls, characterAvatar: 'warrior1' })).body as CharacterView;
  await t.database.db.update(characters).set({ level, rating }).where(eq(characters.id, character.id));
  return { p, user, character };
}

type Fighter = Awaited<ReturnType<typeof fighter>>;

/** The ghost the matcher would offer the player now (the query its passes run). */
const ghostNow = (lonely: Fighter) =>
  ghostFor(serviceContext(t.database.db), {
    userId: lonely.user.id,
    characterId: lonely.character.id,
    variant: 'realtime',
    level: 1,
    rating: 1500,
    arena: null,
    joinedAt: clock.now(),
  });

/** Joins the queue alone and waits past 20 s for the ghost the matcher offers. */
async function ghostOffered(lonely: Fighter) {
  expect((await lonely.p.post('/api/pvp/join-queue', { characterId: lonely.character.id })).status).toBe(200);
  clock.advance(21_000);
  let status: QueueStatusView | null = null;
  await waitUntil(async () => (status = (await lonely.p.get('/api/pvp/queue-status')).body as QueueStatusView).ghostOffer !== null);
  return status!.ghostOffer;
}

describe('ghost matching', () => {
  it("offers a character of the player's level ± 1 and power within 10 %, the closest in rating; none when nothing fits", async () => {
    const lonely = await fighter('Lone Wolf', 'warrior');
    // Too far: three levels up (the ghost of issue 24), and one level up but 14 % stronger.
    await fighter('Old Rogue', 'rogue', { level: 4, rating: 1500 });
    await fighter('Big Tank', 'tank', { level: 2, rating: 1500 });
    expect(await ghostNow(lonely)).toBeNull();

    // Fitting: 10 % weaker at the same level, and 6 % stronger but further in rating.
    await fighter('Berserk Bit', 'berserker', { rating: 1560 });
    await fighter('Small Tank', 'tank', { rating: 1700 });
    expect(await ghostNow(lonely)).toMatchObject({ name: 'Berserk Bit', level: 1, rating: 1560 });
    // And that is the ghost a player alone in the queue for 20 s is offered.
    expect(await ghostOffered(lonely)).toEqual({ name: 'Berserk Bit', class: 'berserker', level: 1, rating: 1560 });
  });

  it('never copies the fighter of a player the waiting one blocks, or who blocks them', async () => {
    const lonely = await fighter('Hermit', 'warrior', { level: 7 });
    const near = await fighter('Near Rival', 'warrior', { level: 7, rating: 1510 });
    const far = await fighter('Far Rival', 'warrior', { level: 7, rating: 1600 });
    const at7 = (f: Fighter) => ghostFor(serviceContext(t.database.db), { userId: f.user.id, characterId: f.character.id, variant: 'realtime', level: 7, rating: 1500, arena: null, joinedAt: clock.now() });
    expect(await at7(lonely)).toMatchObject({ name: 'Near Rival' });
    expect((await lonely.p.post('/api/blocks', { username: near.user.username })).status).toBe(201);
    expect(await at7(lonely)).toMatchObject({ name: 'Far Rival' });
    expect((await far.p.post('/api/blocks', { username: lonely.user.username })).status).toBe(201);
    expect(await at7(lonely)).toBeNull();
    // Lifting the block brings the nearer one back.
    expect((await lonely.p.post(`/api/blocks/${near.user.id}/remove`, {})).status).toBe(200);
    expect(await at7(lonely)).toMatchObject({ name: 'Near Rival' });
  });
});
