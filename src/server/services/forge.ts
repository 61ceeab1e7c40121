import { and, eq, inArray, sql } from 'drizzle-orm';
import { type EquipmentSetView, type ForgeResultView, type MaterialView, type OwnedEquipmentView, type SetId, type Slot } from '@common/economy-api';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { characterEquipment } from '../db/schema-equipment';
import { forgeAttempts, materials as materialTable, userMaterials } from '../db/schema-forge';
import { forgedPieceKey } from '../domain/equipment-catalogue-data';
import { levelProblem } from '../domain/equipment';
import {
  forgeOutcome,
  missingMaterials,
  notEnoughMaterialsMessage,
  type MaterialDrop,
} from '../domain/forge';
import { EQUIPMENT_SET_LIST, EQUIPMENT_SETS, MATERIAL_IDS, type MaterialId } from '../domain/forge-sets';
import { createRng } from '../domain/rng';
import { assertNotListed, currentCharacterRow } from './characters';
import { itemByKey, itemView } from './equipment';
import { PG_CHECK_VIOLATION, badRequest, notFound, pgErrorCode } from '../errors';
import { newSeed } from './seeds';
import { recordEvents } from './outbox';
import { transact } from './transaction';

/**
 * The forge (DESIGN §4 Economy): materials drop from PvE victories; forging a set piece
 * consumes the set's materials, succeeds with probability 0.75 on a seeded roll stored with
 * the attempt, and on success adds the piece to the player's current character.
 */

export const FORGE_MESSAGES = {
  noCharacter: 'Create a character first',
  failed: 'The forge sputtered: your materials were lost to the glitch.',
  pieceMissing: 'That set piece is not in the catalogue yet. Try seeding the database.',
} as const;

export interface ForgeRequest {
  equipmentSet: SetId;
  slot: Slot;
}

/** A material a player received, as the battle answer reports it. */
export interface MaterialGain {
  id: string;
  name: string;
  amount: number;
}

/** `GET /api/forge/materials`: every material, with the amount the player holds (0 when none). */
export async function materials({ db }: AppContext, userId: number): Promise<MaterialView[]> {
  const rows = await db
    .select({
      id: materialTable.id,
      name: materialTable.name,
      rarity: materialTable.rarity,
      description: materialTable.description,
      amount: sql<number>`coalesce(${userMaterials.amount}, 0)`.mapWith(Number),
    })
    .from(materialTable)
    .leftJoin(userMaterials, and(eq(userMaterials.materialId, materialTable.id), eq(userMaterials.userId, userId)));
  const order = (id: string) => MATERIAL_IDS.indexOf(id as MaterialId);
  return rows.sort((a, b) => order(a.id) - order(b.id) || a.id.localeCompare(b.id));
}

/** `GET /api/forge/sets`: the 16 sets with bonuses and required materials. */
export function sets(): EquipmentSetView[] {
  return EQUIPMENT_SET_LIST.map((set) => ({
    id: set.id,
    name: set.name,
    rarity: set.rarity,
    description: set.description,
    bonuses: {
      2: { effect: set.bonuses[2].effect, stats: { ...set.bonuses[2].stats } },
      4: { effect: set.bonuses[4].effect, stats: { ...set.bonuses[4].stats } },
      6: { effect: set.bonuses[6].effect, stats: { ...set.bonuses[6].stats } },
    },
    requiredMaterials: { ...set.requiredMaterials } as Record<string, number>,
  }));
}

/** `POST /api/forge/create`: one forging attempt with a fresh seed. */
export async function create(ctx: AppContext, userId: number, request: ForgeRequest): Promise<ForgeResultView> {
  return forgeWith(ctx, userId, request, newSeed());
}

/**
 * One forging attempt decided by `seed`, in one transaction: locks the player's current (best)
 * character, refuses a listed one (409) or missing materials (400, nothing consumed), consumes
 * the materials, rolls, records the attempt and, on success, adds the piece.
 */
export async function forgeWith(ctx: AppContext, userId: number, request: ForgeRequest, seed: number): Promise<ForgeResultView> {
  const set = EQUIPMENT_SETS[request.equipmentSet];
  if (!set) throw notFound('Unknown equipment set');
  const result = await transact(ctx, async (tx): Promise<ForgeResultView> => {
    const character = await currentCharacterRow(tx, userId, true);
    if (!character) throw notFound(FORGE_MESSAGES.noCharacter);
    await assertNotListed(tx, character.id, 'forge');

    const item = await itemByKey(tx, forgedPieceKey(set.id, request.slot));
    if (!item) throw notFound(FORGE_MESSAGES.pieceMissing);

    await consumeMaterials(tx, userId, set.requiredMaterials);
    const { success } = forgeOutcome(createRng(seed));
    await tx.insert(forgeAttempts).values({ userId, characterId: character.id, setId: set.id, slot: request.slot, seed, success });
    if (!success) return { success: false, message: FORGE_MESSAGES.failed };

    // Like a purchase: equipped when the slot is empty, but only once the character may wear it.
    const wearable = levelProblem(character.level, item.level) === null;
    const [occupied] = await tx
      .select({ id: characterEquipment.id })
      .from(characterEquipment)
      .where(
        and(
          eq(characterEquipment.characterId, character.id),
          eq(characterEquipment.slot, item.slot),
          eq(characterEquipment.equipped, true),
        ),
      )
      .limit(1);
    const [entry] = await tx
      .insert(characterEquipment)
      .values({ characterId: character.id, equipmentId: item.id, slot: item.slot, equipped: wearable && !occupied })
      .returning();
    const owned: OwnedEquipmentView = {
      id: entry!.id,
      characterId: entry!.characterId,
      equipped: entry!.equipped,
      equipment: itemView(item),
    };
    const note = wearable ? '' : ` It can be worn from level ${item.level}.`;
    // Quests count it; legendary or better is announced in the arena chat (event-subscribers.ts).
    await recordEvents(tx, [{ type: 'ItemForged', userId, itemName: item.name, rarity: item.rarity }], ctx.clock.now());
    return { success: true, message: `You forged ${item.name}!${note}`, owned };
  });
  return result;
}

/** Takes the materials from the player, or refuses with what is missing (nothing taken). */
async function consumeMaterials(tx: Tx, userId: number, required: Partial<Record<MaterialId, number>>): Promise<void> {
  const ids = Object.keys(required) as MaterialId[];
  const rows = await tx
    .select({ materialId: userMaterials.materialId, amount: userMaterials.amount })
    .from(userMaterials)
    .where(and(eq(userMaterials.userId, userId), inArray(userMaterials.materialId, ids)))
    .for('update');
  const held = Object.fromEntries(rows.map((r) => [r.materialId, r.amount]));
  const missing = missingMaterials(required, held);
  if (missing.length > 0) throw badRequest(notEnoughMaterialsMessage(missing));
  try {
    for (const id of ids) {
      await tx
        .update(userMaterials)
        .set({ amount: sql`${userMaterials.amount} - ${required[id] ?? 0}` })
        .where(and(eq(userMaterials.userId, userId), eq(userMaterials.materialId, id)));
    }
  } catch (err) {
    if (pgErrorCode(err) === PG_CHECK_VIOLATION) throw badRequest(notEnoughMaterialsMessage(missing));
    throw err;
  }
}

/** Adds materials to a player's stock inside the caller's transaction; returns them named. */
export async function grantMaterials(tx: Tx, userId: number, drops: readonly MaterialDrop[]): Promise<MaterialGain[]> {
  const positive = drops.filter((d) => d.amount > 0);
  if (positive.length === 0) return [];
  await tx
    .insert(userMaterials)
    .values(positive.map((d) => ({ userId, materialId: d.materialId, amount: d.amount })))
    .onConflictDoUpdate({
      target: [userMaterials.userId, userMaterials.materialId],
      set: { amount: sql`${userMaterials.amount} + excluded.amount` },
    });
  const names = await tx
    .select({ id: materialTable.id, name: materialTable.name })
    .from(materialTable)
    .where(inArray(materialTable.id, positive.map((d) => d.materialId)));
  const nameOf = new Map(names.map((n) => [n.id, n.name]));
  return positive.map((d) => ({ id: d.materialId, name: nameOf.get(d.materialId) ?? d.materialId, amount: d.amount }));
}

