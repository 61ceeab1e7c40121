import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EquipmentSetView, ForgeResultView, MaterialView, OwnedEquipmentView } from '../src/common/economy-api';
import { SET_IDS, SLOTS } from '../src/common/economy-api';
import type { BattleResultView, CharacterView } from '../src/common/game-api';
import { IMAGE_SETS } from '../src/common/image-sets';
import { characters, pveEnemies } from '../src/server/db/schema';
import { replays } from '../src/server/db/schema-replays';
import { characterEquipment, equipmentItems } from '../src/server/db/schema-equipment';
import { forgeAttempts, imageSets, materials, userMaterials } from '../src/server/db/schema-forge';
import { forgedPieceKey } from '../src/server/domain/equipment-catalogue-data';
import { forgeOutcome, rollMaterialDrops, victoryDropSeed, type MaterialDrop } from '../src/server/domain/forge';
import { EQUIPMENT_SETS, MATERIALS } from '../src/server/domain/forge-sets';
import { createRng } from '../src/server/domain/rng';
import { FORGE_MESSAGES, forgeWith, grantMaterials } from '../src/server/services/forge';
import { seedForgeCatalogue } from '../src/server/services/forge-catalogue';
import { Player } from './helpers/player';
import { startTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** The first seeds whose forging roll succeeds and fails. */
const successSeed = Array.from({ length: 100 }, (_, i) => i).find((s) => forgeOutcome(createRng(s)).success)!;
const failureSeed = Array.from({ length: 100 }, (_, i) => i).find((s) => !forgeOutcome(createRng(s)).success)!;

async function smith(level = 15) {
  const p = new Player(t.base);
  const { user } = await p.register();
  const character = (await p.post('/api/characters', { name: 'Smith', class: 'warrior', characterAvatar: 'warrior1' }))
    .body as CharacterView;
  await t.database.db.update(characters).set({ level }).where(eq(characters.id, character.id));
  return { p, userId: user.id, character };
}

const give = (userId: number, drops: MaterialDrop[]) => t.database.db.transaction((tx) => grantMaterials(tx, userId, drops));

/** Gives exactly what one piece of the set needs, `times` over. */
const giveFor = (userId: number, setId: keyof typeof EQUIPMENT_SETS, times = 1) =>
  give(
    userId,
    Object.entries(EQUIPMENT_SETS[setId].requiredMaterials).map(([materialId, amount]) => ({
      materialId: materialId as MaterialDrop['materialId'],
      amount: amount * times,
    })),
  );

async function held(p: Player): Promise<Record<string, number>> {
  const list = (await p.get('/api/forge/materials')).body as MaterialView[];
  return Object.fromEntries(list.map((m) => [m.id, m.amount]));
}

async function inventory(characterId: number) {
  return t.database.db
    .select({ key: equipmentItems.key, equipped: characterEquipment.equipped, slot: characterEquipment.slot })
    .from(characterEquipment)
    .innerJoin(equipmentItems, eq(equipmentItems.id, characterEquipment.equipmentId))
    .where(eq(characterEquipment.characterId, characterId));
}

describe('GET /api/forge/materials', () => {
  it('lists every material with the player’s amounts, 0 when none', async () => {
    const { p, userId } = await smith();
    const before = (await p.get('/api/forge/materials')).body as MaterialView[];
    expect(before.map((m) => m.id)).toEqual(MATERIALS.map((m) => m.id));
    for (const m of before) {
      expect(m).toEqual({ id: m.id, name: expect.any(String), rarity: expect.any(String), description: expect.any(String), amount: 0 });
    }
    expect(before.find((m) => m.id === 'glitch_shard')!.name).toBe('Glitch Shard');

    await give(userId, [{ materialId: 'glitch_shard', amount: 3 }]);
    await give(userId, [
      { materialId: 'glitch_shard', amount: 2 },
      { materialId: 'phoenix_packet', amount: 1 },
    ]);
    const after = await held(p);
    expect(after.glitch_shard).toBe(5);
    expect(after.phoenix_packet).toBe(1);
    expect(after.null_essence).toBe(0);

    // Another player's stock is their own.
    const other = await smith();
    expect((await held(other.p)).glitch_shard).toBe(0);
  });

  it('needs a session', async () => {
    for (const path of ['/api/forge/materials', '/api/forge/sets']) {
      expect((await new Player(t.base).get(path)).status).toBe(401);
    }
    expect((await new Player(t.base).post('/api/forge/create', { equipmentSet: 'dragon_lord', slot: 'weapon' })).status).toBe(401);
  });
});

describe('forge catalogue seed', () => {
  it('is an idempotent upsert that repairs rows and keeps what players hold', async () => {
    const { p, userId } = await smith();
    await give(userId, [{ materialId: 'void_pointer', amount: 2 }]);
    await t.database.db.update(materials).set({ name: 'Renamed' }).where(eq(materials.id, 'void_pointer'));
    await t.database.db.update(imageSets).set({ cost: 1 }).where(eq(imageSets.id, 'neon'));
    await seedForgeCatalogue(t.database.db);
    await seedForgeCatalogue(t.database.db);
    const rows = await t.database.db.select().from(materials);
    expect(rows.map((r) => r.id).sort()).toEqual(MATERIALS.map((m) => m.id).sort());
    expect(rows.find((r) => r.id === 'void_pointer')!.name).toBe('Void Pointer');
    const sets = await t.database.db.select().from(imageSets);
    expect(sets).toHaveLength(IMAGE_SETS.length);
    expect(sets.find((s) => s.id === 'neon')!.cost).toBe(500);
    expect((await held(p)).void_pointer).toBe(2);
  });
});

describe('GET /api/forge/sets', () => {
  it('lists exactly the 16 SPEC sets with 2/4/6 bonuses and required materials', async () => {
    const { p } = await smith();
    const res = await p.get('/api/forge/sets');
    expect(res.status).toBe(200);
    const sets = res.body as EquipmentSetView[];
    expect(sets.map((s) => s.id)).toEqual([...SET_IDS]);
    const materialIds = MATERIALS.map((m) => m.id) as string[];
    for (const set of sets) {
      expect(set.name.length).toBeGreaterThan(0);
      expect(set.description.length).toBeGreaterThan(0);
      expect(['epic', 'legendary', 'mythic', 'divine']).toContain(set.rarity);
      expect(Object.keys(set.bonuses).sort()).toEqual(['2', '4', '6']);
      for (const tier of ['2', '4', '6'] as const) {
        const bonus = set.bonuses[tier];
        expect(bonus.effect).toEqual(expect.any(String));
        expect(Object.keys(bonus.stats).length).toBeGreaterThan(0);
      }
      const required = Object.entries(set.requiredMaterials);
      expect(required.length).toBeGreaterThanOrEqual(2);
      expect(required.length).toBeLessThanOrEqual(3);
      for (const [id, amount] of required) {
        expect(materialIds).toContain(id);
        expect(amount).toBeGreaterThanOrEqual(2);
        expect(amount).toBeLessThanOrEqual(6);
      }
    }
    expect(sets.find((s) => s.id === 'forge_master')!.rarity).toBe('divine');
  });
});

describe('forging', () => {
  it('consumes the materials and makes the piece on success, equipped in an empty slot', async () => {
    const { p, userId, character } = await smith();
    await giveFor(userId, 'dragon_lord', 2);
    const result = await forgeWith(t.app.ctx, userId, { equipmentSet: 'dragon_lord', slot: 'weapon' }, successSeed);
    expect(result.success).toBe(true);
    const owned = result.owned!;
    expect(owned.characterId).toBe(character.id);
    expect(owned.equipped).toBe(true);
    expect(owned.equipment.key).toBe(forgedPieceKey('dragon_lord', 'weapon'));
    expect(owned.equipment.setId).toBe('dragon_lord');
    expect(owned.equipment.slot).toBe('weapon');
    expect(result.message).toBe(`You forged ${owned.equipment.name}!`);

    const stock = await held(p);
    for (const [id, amount] of Object.entries(EQUIPMENT_SETS.dragon_lord.requiredMaterials)) expect(stock[id]).toBe(amount);
    expect(await inventory(character.id)).toEqual([{ key: 'forged_dragon_lord_weapon', equipped: true, slot: 'weapon' }]);

    // A second piece for a taken slot goes to the inventory.
    const again = await forgeWith(t.app.ctx, userId, { equipmentSet: 'dragon_lord', slot: 'weapon' }, successSeed);
    expect(again.success).toBe(true);
    expect(again.owned!.equipped).toBe(false);
    expect(Object.values(await held(p)).every((n) => n === 0)).toBe(true);

    const equipment = (await p.get(`/api/characters/${character.id}/equipment`)).body as OwnedEquipmentView[];
    expect(equipment.map((e) => e.equipment.key).sort()).toEqual(['forged_dragon_lord_weapon', 'forged_dragon_lord_weapon']);
  });

  it('consumes the materials and makes nothing on failure, answering 200-style {success:false}', async () => {
    const { p, userId, character } = await smith();
    await giveFor(userId, 'frost_guardian');
    const result = await forgeWith(t.app.ctx, userId, { equipmentSet: 'frost_guardian', slot: 'helmet' }, failureSeed);
    expect(result).toEqual({ success: false, message: FORGE_MESSAGES.failed });
    expect(Object.values(await held(p)).every((n) => n === 0)).toBe(true);
    expect(await inventory(character.id)).toEqual([]);
    const attempts = await t.database.db.select().from(forgeAttempts).where(eq(forgeAttempts.userId, userId));
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({ characterId: character.id, setId: 'frost_guardian', slot: 'helmet', seed: failureSeed, success: false });
  });

  it('POST /api/forge/create answers 200 either way and stores the seed that decided it', async () => {
    const { p, userId, character } = await smith();
    const tries = 6;
    await giveFor(userId, 'earth_shaker', tries);
    const results: ForgeResultView[] = [];
    for (let i = 0; i < tries; i++) {
      const res = await p.post('/api/forge/create', { equipmentSet: 'earth_shaker', slot: SLOTS[i], materials: {} });
      expect(res.status).toBe(200);
      results.push(res.body as ForgeResultView);
    }
    expect(Object.values(await held(p)).every((n) => n === 0)).toBe(true);

    const attempts = await t.database.db.select().from(forgeAttempts).where(eq(forgeAttempts.userId, userId)).orderBy(forgeAttempts.id);
    expect(attempts).toHaveLength(tries);
    attempts.forEach((a, i) => {
      expect(a.success).toBe(forgeOutcome(createRng(a.seed)).success);
      expect(results[i]!.success).toBe(a.success);
      expect(a.slot).toBe(SLOTS[i]);
      if (a.success) {
        expect(results[i]!.message).toMatch(/^You forged .+!$/);
        expect(results[i]!.owned!.equipment.key).toBe(forgedPieceKey('earth_shaker', SLOTS[i]!));
      } else {
        expect(results[i]).toEqual({ success: false, message: FORGE_MESSAGES.failed });
      }
    });
    expect((await inventory(character.id)).length).toBe(attempts.filter((a) => a.success).length);
  });

  it('keeps a piece the character may not wear yet in the inventory', async () => {
    const { userId, character } = await smith(1);
    await giveFor(userId, 'forge_master');
    const result = await forgeWith(t.app.ctx, userId, { equipmentSet: 'forge_master', slot: 'boots' }, successSeed);
    expect(result.success).toBe(true);
    expect(result.owned!.equipped).toBe(false);
    expect(result.message).toMatch(/It can be worn from level \d+\.$/);
    expect(await inventory(character.id)).toEqual([{ key: 'forged_forge_master_boots', equipped: false, slot: 'boots' }]);
  });

  it('refuses missing materials with 400 and consumes nothing', async () => {
    const { p, userId, character } = await smith();
    await give(userId, [{ materialId: 'glitch_shard', amount: 1 }, { materialId: 'null_essence', amount: 3 }]);
    const res = await p.post('/api/forge/create', { equipmentSet: 'shadow_assassin', slot: 'gloves', materials: {} });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'Not enough materials: need 4 Glitch Shard (have 1), 2 Void Pointer (have 0)',
    });
    const stock = await held(p);
    expect(stock.glitch_shard).toBe(1);
    expect(stock.null_essence).toBe(3);
    expect(await t.database.db.select().from(forgeAttempts).where(eq(forgeAttempts.userId, userId))).toEqual([]);
    expect(await inventory(character.id)).toEqual([]);
  });

  it('refuses a bad selection with 400', async () => {
    const { p } = await smith();
    for (const body of [{}, { equipmentSet: 'none', slot: 'weapon' }, { equipmentSet: 'dragon_lord', slot: 'cape' }, { equipmentSet: 'dragon_lord' }]) {
      const res = await p.post('/api/forge/create', body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: 'Please select an equipment set and slot' });
    }
  });

  it('needs a character (404) that is not listed on the marketplace (409)', async () => {
    const bare = new Player(t.base);
    await bare.register();
    const none = await bare.post('/api/forge/create', { equipmentSet: 'dragon_lord', slot: 'weapon' });
    expect(none.status).toBe(404);
    expect(none.body).toEqual({ message: 'Create a character first' });

    const { p, userId, character } = await smith();
    await giveFor(userId, 'dragon_lord');
    expect((await p.post('/api/marketplace/sell', { characterId: character.id, price: 500 })).status).toBe(201);
    const listed = await p.post('/api/forge/create', { equipmentSet: 'dragon_lord', slot: 'weapon' });
    expect(listed.status).toBe(409);
    expect(listed.body.message).toMatch(/cannot forge/);
    expect((await held(p)).quantum_bit).toBe(EQUIPMENT_SETS.dragon_lord.requiredMaterials.quantum_bit);
  });

  it('never lets two simultaneous attempts spend the same materials', async () => {
    const { p, userId } = await smith();
    await giveFor(userId, 'storm_caller');
    const answers = await Promise.all(
      ['weapon', 'armor', 'boots'].map((slot) => p.post('/api/forge/create', { equipmentSet: 'storm_caller', slot })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400]);
    expect(Object.values(await held(p)).every((n) => n === 0)).toBe(true);
    expect(await t.database.db.select().from(forgeAttempts).where(eq(forgeAttempts.userId, userId))).toHaveLength(1);
  });
});

describe('material drops from PvE', () => {
  it('victories store the dropped materials, as the battle seed decides; defeats drop nothing', async () => {
    const { p, userId, character } = await smith(3);
    const strong = { attack: 5000, defense: 5000, speed: 5000, magic: 5000 };
    // Enemies match the fighter's power, so the remembered one is made feeble: every fight is won.
    const feeble = { name: 'Bitflip Knight', class: 'warrior' as const, level: 3, stats: { attack: 1, defense: 1, speed: 1, magic: 1 } };
    await t.database.db.insert(pveEnemies).values({ userId, enemy: feeble });

    const total: Record<string, number> = {};
    let dropped = 0;
    for (let i = 0; i < 12; i++) {
      await t.database.db.update(characters).set({ lastBattleAt: null }).where(eq(characters.id, character.id));
      const res = await p.post('/api/battle', { characterId: character.id });
      expect(res.status).toBe(200);
      const battle = res.body as BattleResultView;
      expect(battle.result).toBe('victory');
      const [stored] = await t.database.db.select().from(replays).where(eq(replays.id, battle.replayId));
      const expected = rollMaterialDrops(createRng(victoryDropSeed(stored!.seed)), battle.enemy.level);
      expect(battle.materialsGained).toEqual(
        expected.map((d) => ({ id: d.materialId, name: MATERIALS.find((m) => m.id === d.materialId)!.name, amount: d.amount })),
      );
      for (const g of battle.materialsGained ?? []) total[g.id] = (total[g.id] ?? 0) + g.amount;
      if (battle.materialsGained!.length > 0) dropped++;
    }
    expect(dropped).toBeGreaterThan(0);
    const stock = await held(p);
    for (const m of MATERIALS) expect(stock[m.id]).toBe(total[m.id] ?? 0);

    const rows = await t.database.db.select().from(userMaterials).where(eq(userMaterials.userId, userId));
    expect(rows.every((r) => r.amount > 0)).toBe(true);

    // Against an overwhelming enemy the fight is lost and nothing drops.
    const weak = await smith(1);
    const titan = { name: 'Kernel Panic', class: 'tank' as const, level: 50, stats: strong };
    await t.database.db.insert(pveEnemies).values({ userId: weak.userId, enemy: titan });
    const lost = (await weak.p.post('/api/battle', { characterId: weak.character.id })).body as BattleResultView;
    expect(lost.result).toBe('defeat');
    expect(lost.materialsGained).toEqual([]);
    expect(Object.values(await held(weak.p)).every((n) => n === 0)).toBe(true);
  });
});

