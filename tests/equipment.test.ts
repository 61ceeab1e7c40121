import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLOTS, type EquipView, type EquipmentItemView, type EquipmentPurchaseView, type OwnedEquipmentView } from '../src/common/economy-api';
import type { Stats } from '../src/common/characters';
import type { BattleResultView, CharacterView } from '../src/common/game-api';
import { characters, creditLedger, users } from '../src/server/db/schema';
import { characterEquipment, equipmentItems } from '../src/server/db/schema-equipment';
import { moveCredits } from '../src/server/services/ledger';
import { seedEquipmentCatalogue } from '../src/server/services/equipment-catalogue';
import { Player } from './helpers/player';
import { startTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let catalogue: EquipmentItemView[];

beforeAll(async () => {
  t = await startTestApp();
  const p = new Player(t.base);
  await p.register();
  catalogue = (await p.get('/api/equipment')).body as EquipmentItemView[];
});
afterAll(async () => {
  await t?.close();
});

const item = (key: string) => {
  const found = catalogue.find((i) => i.key === key);
  if (!found) throw new Error(`no item ${key}`);
  return found;
};

async function fighter(cls = 'warrior', level = 1) {
  const p = new Player(t.base);
  const { user } = await p.register();
  const res = await p.post('/api/characters', { name: 'Gear Tester', class: cls, characterAvatar: 'warrior1' });
  expect(res.status).toBe(201);
  let character = res.body as CharacterView;
  if (level !== 1) {
    await t.database.db.update(characters).set({ level }).where(eq(characters.id, character.id));
    character = ((await p.get('/api/character')).body as CharacterView);
  }
  return { p, userId: user.id, character };
}

const credits = async (p: Player) => ((await p.get('/api/user')).body as { credits: number }).credits;
const myCharacter = async (p: Player) => ((await p.get('/api/characters')).body as CharacterView[])[0]!;
const inventory = async (p: Player, characterId: number) =>
  (await p.get(`/api/characters/${characterId}/equipment`)).body as OwnedEquipmentView[];
const ledgerOf = (userId: number) =>
  t.database.db.select().from(creditLedger).where(eq(creditLedger.userId, userId)).orderBy(asc(creditLedger.id));

const plus = (a: Stats, b: Stats): Stats => ({
  attack: a.attack + b.attack,
  defense: a.defense + b.defense,
  speed: a.speed + b.speed,
  magic: a.magic + b.magic,
});

/** Brings a balance to `target` the way the game would: one ledger row with the move. */
async function setBalance(userId: number, target: number) {
  await t.database.db.transaction(async (tx) => {
    const [row] = await tx.select({ credits: users.credits }).from(users).where(eq(users.id, userId));
    await moveCredits(tx, { userId, delta: target - row!.credits, reason: 'equipment_purchase', reference: 'test:balance' });
  });
}

describe('the catalogue', () => {
  it('needs a session', async () => {
    const anonymous = new Player(t.base);
    for (const path of ['/api/equipment', '/api/equipment/marketplace', '/api/characters/1/equipment']) {
      expect((await anonymous.get(path)).status).toBe(401);
    }
    expect((await anonymous.post(`/api/equipment/${item('bitcrusher_blade').id}/buy`)).status).toBe(401);
    expect((await anonymous.post('/api/characters/1/equip', { equipmentId: 1, slot: 'weapon' })).status).toBe(401);
  });

  it('sells at least 36 pieces covering every slot and rarity from common to mythic, by level then price', async () => {
    const { p } = await fighter();
    const shop = (await p.get('/api/equipment/marketplace')).body as EquipmentItemView[];
    expect(shop.length).toBeGreaterThanOrEqual(36);
    for (const slot of SLOTS) {
      for (const rarity of ['common', 'uncommon', 'rare', 'epic', 'legendary', 'mythic']) {
        expect(shop.some((i) => i.slot === slot && i.rarity === rarity), `${slot} ${rarity}`).toBe(true);
      }
    }
    for (const [i, piece] of shop.entries()) {
      expect(piece.price).toBeGreaterThan(0);
      expect(piece.level).toBeGreaterThanOrEqual(1);
      expect(piece.level).toBeLessThanOrEqual(50);
      const next = shop[i + 1];
      if (next) expect(next.level > piece.level || (next.level === piece.level && next.price >= piece.price)).toBe(true);
    }
    expect(item('bitcrusher_blade')).toMatchObject({ name: 'Bitcrusher Blade', slot: 'weapon', rarity: 'common', level: 1, setId: null });
  });

  it('lists the forge-only set pieces in the catalogue but not in the shop', async () => {
    const { p } = await fighter();
    const shop = (await p.get('/api/equipment/marketplace')).body as EquipmentItemView[];
    const forged = catalogue.filter((i) => i.setId !== null);
    expect(forged).toHaveLength(16 * 6);
    expect(item('forged_dragon_lord_weapon')).toMatchObject({ slot: 'weapon', setId: 'dragon_lord', price: 0 });
    expect(shop.some((i) => i.setId !== null || i.price === 0)).toBe(false);
    expect(catalogue.length).toBe(shop.length + forged.length);
  });

  it('seeding again changes nothing: same rows, same ids', async () => {
    const before = await t.database.db.select().from(equipmentItems).orderBy(asc(equipmentItems.id));
    await seedEquipmentCatalogue(t.database.db);
    await seedEquipmentCatalogue(t.database.db);
    const after = await t.database.db.select().from(equipmentItems).orderBy(asc(equipmentItems.id));
    expect(after).toEqual(before);
  });

  it('seeding repairs a changed item in place, keeping its id', async () => {
    const blade = item('bitcrusher_blade');
    await t.database.db
      .update(equipmentItems)
      .set({ name: 'Tampered', price: 1, stats: { attack: 999, defense: 0, speed: 0, magic: 0 } })
      .where(eq(equipmentItems.id, blade.id));
    await seedEquipmentCatalogue(t.database.db);
    const [row] = await t.database.db.select().from(equipmentItems).where(eq(equipmentItems.key, 'bitcrusher_blade'));
    expect(row).toMatchObject({ id: blade.id, name: blade.name, price: blade.price, stats: blade.stats });
  });
});

describe('POST /api/equipment/{id}/buy', () => {
  it('takes the price with a ledger row and equips into an empty slot; a second weapon goes to the inventory', async () => {
    const { p, userId, character } = await fighter('warrior', 3);
    const blade = item('bitcrusher_blade');
    const wand = item('static_wand');

    const res = await p.post(`/api/equipment/${blade.id}/buy`);
    expect(res.status).toBe(200);
    const bought = res.body as EquipmentPurchaseView;
    expect(bought.message).toBe('Equipment purchased successfully!');
    expect(bought.credits).toBe(2500 - blade.price);
    expect(bought.owned).toMatchObject({ characterId: character.id, equipped: true, equipment: blade });
    expect(await credits(p)).toBe(2500 - blade.price);

    const ledger = await ledgerOf(userId);
    expect(ledger.at(-1)).toMatchObject({
      delta: -blade.price,
      reason: 'equipment_purchase',
      reference: `equipment_item:${blade.id}`,
      balanceAfter: 2500 - blade.price,
    });

    const second = (await p.post(`/api/equipment/${wand.id}/buy`)).body as EquipmentPurchaseView;
    expect(second.owned.equipped).toBe(false);
    expect(second.credits).toBe(2500 - blade.price - wand.price);

    const owned = await inventory(p, character.id);
    expect(owned.map((o) => [o.equipment.key, o.equipped])).toEqual([
      ['bitcrusher_blade', true],
      ['static_wand', false],
    ]);
    expect((await myCharacter(p)).stats).toEqual(plus(character.stats, blade.stats));
  });

  it('refuses a piece above the character level with 400 and changes nothing', async () => {
    const { p, userId, character } = await fighter();
    const lance = item('null_pointer_lance');
    const res = await p.post(`/api/equipment/${lance.id}/buy`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Requires level 50' });
    expect(await credits(p)).toBe(2500);
    expect(await inventory(p, character.id)).toEqual([]);
    expect((await ledgerOf(userId)).map((r) => r.reason)).toEqual(['starting_grant']);
  });

  it('refuses what the player cannot afford, unknown items and forge-only pieces', async () => {
    const { p, character } = await fighter('mage', 12);
    expect((await p.post(`/api/equipment/${item('firewall_plate').id}/buy`)).body).toEqual({ message: 'Insufficient credits' });
    expect((await p.post('/api/equipment/999999/buy')).status).toBe(404);
    expect((await p.post('/api/equipment/abc/buy')).status).toBe(400);
    const forged = await p.post(`/api/equipment/${item('forged_shadow_assassin_boots').id}/buy`);
    expect(forged.status).toBe(400);
    expect(await credits(p)).toBe(2500);
    expect(await inventory(p, character.id)).toEqual([]);
  });

  it('needs a character', async () => {
    const p = new Player(t.base);
    await p.register();
    const res = await p.post(`/api/equipment/${item('bitcrusher_blade').id}/buy`);
    expect(res.status).toBe(404);
    expect(await credits(p)).toBe(2500);
  });

  it('ignores body fields such as credits or userId', async () => {
    const { p, character } = await fighter();
    const other = await fighter();
    const blade = item('bitcrusher_blade');
    const res = await p.post(`/api/equipment/${blade.id}/buy`, {
      credits: 1_000_000,
      userId: other.userId,
      characterId: other.character.id,
      price: 0,
    });
    expect(res.status).toBe(200);
    expect((res.body as EquipmentPurchaseView).owned.characterId).toBe(character.id);
    expect(await credits(p)).toBe(2500 - blade.price);
    expect(await credits(other.p)).toBe(2500);
    expect(await inventory(other.p, other.character.id)).toEqual([]);
  });

  it('lets exactly one of 50 simultaneous purchases through when the balance affords one', async () => {
    const { p, userId, character } = await fighter();
    const boots = item('lagless_sneakers');
    await setBalance(userId, boots.price);

    const answers = await Promise.all(Array.from({ length: 50 }, () => p.post(`/api/equipment/${boots.id}/buy`)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 400)).toHaveLength(49);
    for (const a of answers.filter((x) => x.status === 400)) expect(a.body).toEqual({ message: 'Insufficient credits' });

    expect(await credits(p)).toBe(0);
    expect(await inventory(p, character.id)).toHaveLength(1);
    const ledger = await ledgerOf(userId);
    expect(ledger.reduce((sum, r) => sum + r.delta, 0)).toBe(0);
    expect(ledger.at(-1)).toMatchObject({ delta: -boots.price, balanceAfter: 0 });
  });
});

describe('POST /api/characters/{id}/equip', () => {
  it('swaps pieces of a slot and the character stats follow the gear', async () => {
    const { p, character } = await fighter('mage', 3);
    const blade = item('bitcrusher_blade');
    const wand = item('static_wand');
    await p.post(`/api/equipment/${blade.id}/buy`);
    const wandEntry = ((await p.post(`/api/equipment/${wand.id}/buy`)).body as EquipmentPurchaseView).owned;
    const bladeEntry = (await inventory(p, character.id)).find((o) => o.equipment.key === 'bitcrusher_blade')!;

    const res = await p.post(`/api/characters/${character.id}/equip`, { equipmentId: wandEntry.id, slot: 'weapon' });
    expect(res.status).toBe(200);
    const view = res.body as EquipView;
    expect(view.message).toBe('Equipment equipped successfully!');
    expect(view.stats).toEqual(plus(character.stats, wand.stats));
    expect(view.equipment.map((o) => [o.id, o.equipped])).toEqual([
      [wandEntry.id, true],
      [bladeEntry.id, false],
    ]);
    expect((await myCharacter(p)).stats).toEqual(plus(character.stats, wand.stats));
    expect(((await p.get('/api/character')).body as CharacterView).stats).toEqual(plus(character.stats, wand.stats));

    // Equipping what is already worn changes nothing.
    const again = (await p.post(`/api/characters/${character.id}/equip`, { equipmentId: wandEntry.id, slot: 'weapon' })).body as EquipView;
    expect(again.equipment).toEqual(view.equipment);
    expect(again.stats).toEqual(view.stats);

    const back = (await p.post(`/api/characters/${character.id}/equip`, { equipmentId: bladeEntry.id, slot: 'weapon' })).body as EquipView;
    expect(back.stats).toEqual(plus(character.stats, blade.stats));
    const worn = await t.database.db.select().from(characterEquipment).where(eq(characterEquipment.characterId, character.id));
    expect(worn.filter((w) => w.equipped).map((w) => w.id)).toEqual([bladeEntry.id]);

    // The database itself allows one equipped piece per slot.
    await expect(
      t.database.db.update(characterEquipment).set({ equipped: true }).where(eq(characterEquipment.id, wandEntry.id)),
    ).rejects.toThrow();
  });

  it('refuses a piece in the wrong slot (400) or above the level (400)', async () => {
    const { p, character } = await fighter('warrior', 3);
    const entry = ((await p.post(`/api/equipment/${item('dial_up_jerkin').id}/buy`)).body as EquipmentPurchaseView).owned;
    const wrong = await p.post(`/api/characters/${character.id}/equip`, { equipmentId: entry.id, slot: 'weapon' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ message: 'That item does not fit the weapon slot' });

    const robe = ((await p.post(`/api/equipment/${item('pixel_robe').id}/buy`)).body as EquipmentPurchaseView).owned;
    expect(robe.equipped).toBe(false);
    await t.database.db.update(characters).set({ level: 2 }).where(eq(characters.id, character.id));
    const low = await p.post(`/api/characters/${character.id}/equip`, { equipmentId: robe.id, slot: 'armor' });
    expect(low.status).toBe(400);
    expect(low.body).toEqual({ message: 'Requires level 3' });
    expect((await inventory(p, character.id)).map((o) => [o.id, o.equipped])).toEqual([
      [entry.id, true],
      [robe.id, false],
    ]);
  });

  it.each([{}, { equipmentId: 1 }, { equipmentId: 1, slot: 'tail' }, { equipmentId: -1, slot: 'weapon' }, { equipmentId: '1', slot: 'weapon' }])(
    'refuses the body %o with 400',
    async (body) => {
      const { p, character } = await fighter();
      expect((await p.post(`/api/characters/${character.id}/equip`, body)).status).toBe(400);
    },
  );

  it("refuses another player's character (403) or inventory entry (404) and changes nothing", async () => {
    const owner = await fighter();
    const intruder = await fighter();
    const ownerEntry = ((await owner.p.post(`/api/equipment/${item('keystroke_gloves').id}/buy`)).body as EquipmentPurchaseView).owned;
    const ownerSpare = ((await owner.p.post(`/api/equipment/${item('lagless_sneakers').id}/buy`)).body as EquipmentPurchaseView).owned;
    await owner.p.post(`/api/equipment/${item('lagless_sneakers').id}/buy`);
    const before = await inventory(owner.p, owner.character.id);

    const onTheirs = await intruder.p.post(`/api/characters/${owner.character.id}/equip`, { equipmentId: ownerSpare.id, slot: 'boots' });
    expect(onTheirs.status).toBe(403);
    expect((await intruder.p.get(`/api/characters/${owner.character.id}/equipment`)).status).toBe(403);

    const intoMine = await intruder.p.post(`/api/characters/${intruder.character.id}/equip`, {
      equipmentId: ownerEntry.id,
      slot: 'gloves',
    });
    expect(intoMine.status).toBe(404);
    expect((await intruder.p.post('/api/characters/999999/equip', { equipmentId: ownerEntry.id, slot: 'gloves' })).status).toBe(404);
    expect((await intruder.p.get('/api/characters/999999/equipment')).status).toBe(404);

    expect(await inventory(owner.p, owner.character.id)).toEqual(before);
    expect(await inventory(intruder.p, intruder.character.id)).toEqual([]);
    expect((await myCharacter(intruder.p)).stats).toEqual(intruder.character.stats);
  });

  it('ignores body fields such as credits or userId', async () => {
    const { p, character } = await fighter();
    const other = await fighter();
    const entry = ((await p.post(`/api/equipment/${item('lucky_byte_charm').id}/buy`)).body as EquipmentPurchaseView).owned;
    const before = await credits(p);
    const res = await p.post(`/api/characters/${character.id}/equip`, {
      equipmentId: entry.id,
      slot: 'accessory',
      credits: 999_999,
      userId: other.userId,
      characterId: other.character.id,
    });
    expect(res.status).toBe(200);
    expect(await credits(p)).toBe(before);
    expect(await inventory(other.p, other.character.id)).toEqual([]);
  });
});

describe('a listed character', () => {
  it('can neither equip nor receive purchases (409), and nothing changes', async () => {
    const { p, userId, character } = await fighter();
    const entry = ((await p.post(`/api/equipment/${item('cathode_cap').id}/buy`)).body as EquipmentPurchaseView).owned;
    const spare = ((await p.post(`/api/equipment/${item('cathode_cap').id}/buy`)).body as EquipmentPurchaseView).owned;
    expect((await p.post('/api/marketplace', { characterId: character.id, price: 1000 })).status).toBe(201);
    const balance = await credits(p);
    const rows = (await ledgerOf(userId)).length;

    const buy = await p.post(`/api/equipment/${item('bitcrusher_blade').id}/buy`);
    expect(buy.status).toBe(409);
    const equipping = await p.post(`/api/characters/${character.id}/equip`, { equipmentId: spare.id, slot: 'helmet' });
    expect(equipping.status).toBe(409);

    expect(await credits(p)).toBe(balance);
    expect(await ledgerOf(userId)).toHaveLength(rows);
    expect((await inventory(p, character.id)).map((o) => [o.id, o.equipped])).toEqual([
      [entry.id, true],
      [spare.id, false],
    ]);
  });
});

describe('gear in battle', () => {
  it('POST /api/battle fights with the gear bonus', async () => {
    const { p, character } = await fighter('berserker');
    const gloves = item('keystroke_gloves');
    const charm = item('lucky_byte_charm');
    await p.post(`/api/equipment/${gloves.id}/buy`);
    await p.post(`/api/equipment/${charm.id}/buy`);
    const geared = plus(plus(character.stats, gloves.stats), charm.stats);

    const res = await p.post('/api/battle', { characterId: character.id });
    expect(res.status).toBe(200);
    const battle = res.body as BattleResultView;
    expect(battle.character.stats).toEqual(geared);
    expect(battle.character.maxHp).toBe(2 * geared.defense);
  });
});
