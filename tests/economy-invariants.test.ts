import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SET_IDS, SLOTS } from '../src/common/economy-api';
import { characters, marketplaceListings } from '../src/server/db/schema';
import { MATERIAL_IDS } from '../src/server/domain/forge-sets';
import { AppError } from '../src/server/errors';
import { register } from '../src/server/services/accounts';
import { createCharacter } from '../src/server/services/characters';
import { buyEquipment, itemsForSale } from '../src/server/services/equipment';
import { forgeWith, grantMaterials } from '../src/server/services/forge';
import { listForSale } from '../src/server/services/listings';
import { buyListing, withdrawListing } from '../src/server/services/marketplace';
import { fight } from '../src/server/services/pve';
import type { AppContext } from '../src/server/context';
import { contextAt, serviceContext } from './helpers/context';
import { auditCredits } from './helpers/economy';
import { openTestDatabase, type TestDatabase } from './helpers/test-db';

/**
 * Random sequences of everything that moves credits or characters, checked after every step:
 * credits = grants + minted − burned, no negative balance, each ledger sums to its balance,
 * every character has exactly one owner. Refusals (AppError) are fine; anything else fails.
 */
const PLAYERS = 6;
let database: TestDatabase;
let ctx: AppContext;
const userIds: number[] = [];
let itemIds: number[] = [];
let clock = Date.now();

beforeAll(async () => {
  database = await openTestDatabase();
  ctx = serviceContext(database.db);
  for (let i = 0; i < PLAYERS; i++) {
    const { user } = await register(ctx, { username: `inv_player_${i}`, password: 'secret' }, { address: '127.0.0.1' });
    userIds.push(user.id);
    await createCharacter(ctx, user.id, { name: `Inv ${i}`, class: 'warrior', characterAvatar: 'warrior1' });
    await database.db.transaction((tx) =>
      grantMaterials(
        tx,
        user.id,
        MATERIAL_IDS.map((materialId) => ({ materialId, amount: 40 })),
      ),
    );
  }
  itemIds = (await itemsForSale(ctx)).filter((i) => i.level <= 1).map((i) => i.id);
});
afterAll(async () => {
  await database?.close();
});

const op = fc.oneof(
  fc.record({ kind: fc.constant('list' as const), actor: fc.nat(PLAYERS - 1), price: fc.integer({ min: 1, max: 3000 }) }),
  fc.record({ kind: fc.constant('buy' as const), actor: fc.nat(PLAYERS - 1) }),
  fc.record({ kind: fc.constant('withdraw' as const), actor: fc.nat(PLAYERS - 1) }),
  fc.record({ kind: fc.constant('equip-purchase' as const), actor: fc.nat(PLAYERS - 1), item: fc.nat(1000) }),
  fc.record({
    kind: fc.constant('forge' as const),
    actor: fc.nat(PLAYERS - 1),
    set: fc.constantFrom(...SET_IDS),
    slot: fc.constantFrom(...SLOTS),
    seed: fc.nat(),
  }),
  fc.record({ kind: fc.constant('battle' as const), actor: fc.nat(PLAYERS - 1) }),
);
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

async function apply(o: Op): Promise<void> {
  const db = database.db;
  const userId = userIds[o.actor]!;
  const mine = await db.select().from(characters).where(eq(characters.userId, userId));
  const active = await db.select().from(marketplaceListings).where(eq(marketplaceListings.status, 'active'));
  switch (o.kind) {
    case 'list':
      if (mine[0]) await listForSale(ctx, userId, { characterId: mine[0].id, price: o.price });
      return;
    case 'buy':
      if (active[0]) await buyListing(ctx, userId, active[0].id);
      return;
    case 'withdraw': {
      const own = active.find((l) => l.sellerId === userId);
      if (own) await withdrawListing(ctx, userId, own.id);
      return;
    }
    case 'equip-purchase':
      if (itemIds.length) await buyEquipment(ctx, userId, itemIds[o.item % itemIds.length]!);
      return;
    case 'forge':
      await forgeWith(ctx, userId, { equipmentSet: o.set, slot: o.slot }, o.seed);
      return;
    case 'battle':
      clock += 60_000; // past every cooldown
      if (mine[0]) await fight(contextAt(ctx, clock), { id: userId, username: `inv_player_${o.actor}` }, mine[0].id);
      return;
  }
}

describe('the economy invariants', () => {
  it('hold after every step of 500 random sequences', async () => {
    let steps = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 6 }), async (ops) => {
        for (const o of ops) {
          try {
            await apply(o);
          } catch (err) {
            if (!(err instanceof AppError)) throw err;
          }
          steps++;
          const audit = await auditCredits(database.db);
          expect(audit.badUsers).toEqual([]);
          expect(audit.orphanCharacters).toBe(0);
          expect(audit.totalCredits).toBe(audit.grants + audit.minted - audit.burned);
          expect(audit.grants).toBe(PLAYERS * 2500);
        }
      }),
      { numRuns: 500 },
    );
    expect(steps).toBeGreaterThanOrEqual(500);
  }, 600_000);
});
