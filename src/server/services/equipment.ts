import { and, asc, desc, eq, gt, ne } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { EquipView, EquipmentItemView, EquipmentPurchaseView, OwnedEquipmentView, Slot } from '@common/economy-api';
import type { z } from 'zod';
import type { equipBody } from '@common/economy-requests';
import type { Executor, Tx } from '../db/client';
import { characterEquipment, equipmentItems } from '../db/schema-equipment';
import { EQUIPMENT_MESSAGES, levelProblem, slotMismatchMessage } from '../domain/equipment';
import { assertNotListed, currentCharacterRow, ownedCharacter } from './characters';
import { badRequest, notFound } from '../errors';
import { moveCredits } from './ledger';
import { effectiveStats, loadoutsOf } from './loadout';
import { recordEvents } from './outbox';
import { transact } from './transaction';

/**
 * The equipment shop and inventories (DESIGN §4 Economy): buying takes the credits and the
 * level, adds the piece to the player's current character and equips it when that slot is
 * empty; equipping puts the slot's previous piece back into the inventory.
 */

type ItemRow = typeof equipmentItems.$inferSelect;
type EntryRow = typeof characterEquipment.$inferSelect;
type EquipBody = z.infer<typeof equipBody>;

export function itemView(row: ItemRow): EquipmentItemView {
  return {
    id: row.id,
    key: row.key,
    name: row.name,
    slot: row.slot,
    rarity: row.rarity,
    level: row.level,
    description: row.description,
    price: row.price,
    stats: row.stats,
    setId: row.setId,
  };
}

function ownedView(entry: EntryRow, item: ItemRow): OwnedEquipmentView {
  return { id: entry.id, characterId: entry.characterId, equipped: entry.equipped, equipment: itemView(item) };
}

const catalogueOrder = [asc(equipmentItems.level), asc(equipmentItems.price), asc(equipmentItems.id)];

/** `GET /api/equipment`: the whole catalogue, shop pieces and forge-made set pieces. */
export async function listCatalogue({ db }: AppContext): Promise<EquipmentItemView[]> {
  const rows = await db.select().from(equipmentItems).orderBy(...catalogueOrder);
  return rows.map(itemView);
}

/** `GET /api/equipment/marketplace`: pieces for sale, by level then price. */
export async function itemsForSale({ db }: AppContext): Promise<EquipmentItemView[]> {
  const rows = await db.select().from(equipmentItems).where(gt(equipmentItems.price, 0)).orderBy(...catalogueOrder);
  return rows.map(itemView);
}

/** A character's pieces, equipped first, then in the order they were acquired. */
async function inventoryOf(db: Executor, characterId: number): Promise<OwnedEquipmentView[]> {
  const rows = await db
    .select({ entry: characterEquipment, item: equipmentItems })
    .from(characterEquipment)
    .innerJoin(equipmentItems, eq(equipmentItems.id, characterEquipment.equipmentId))
    .where(eq(characterEquipment.characterId, characterId))
    .orderBy(desc(characterEquipment.equipped), asc(characterEquipment.id));
  return rows.map((r) => ownedView(r.entry, r.item));
}

/** `GET /api/characters/{id}/equipment`: 404 for no such character, 403 for someone else's. */
export async function ownedEquipment({ db }: AppContext, userId: number, characterId: number): Promise<OwnedEquipmentView[]> {
  await ownedCharacter(db, userId, characterId);
  return inventoryOf(db, characterId);
}

/**
 * Adds a piece to a character's inventory inside the caller's transaction (the character row
 * must be locked by the caller), equipped when its slot is empty. The forge uses it too.
 */
export async function addToInventory(tx: Tx, characterId: number, item: ItemRow): Promise<OwnedEquipmentView> {
  const [occupied] = await tx
    .select({ id: characterEquipment.id })
    .from(characterEquipment)
    .where(
      and(
        eq(characterEquipment.characterId, characterId),
        eq(characterEquipment.slot, item.slot),
        eq(characterEquipment.equipped, true),
      ),
    )
    .limit(1);
  const [entry] = await tx
    .insert(characterEquipment)
    .values({ characterId, equipmentId: item.id, slot: item.slot, equipped: !occupied })
    .returning();
  return ownedView(entry!, item);
}

/** A catalogue item by its stable key (e.g. `forgedPieceKey(setId, slot)`). */
export async function itemByKey(db: Executor, key: string): Promise<ItemRow | undefined> {
  const [row] = await db.select().from(equipmentItems).where(eq(equipmentItems.key, key)).limit(1);
  return row;
}

/**
 * `POST /api/equipment/{id}/buy`: in one transaction, locks the player's current character
 * (the best one), checks listing, item and level, pays through the ledger and adds the piece.
 * Concurrent purchases cannot overspend: the balance update locks the user row and the
 * balance CHECK refuses anything below zero ('Insufficient credits').
 */
export async function buyEquipment(ctx: AppContext, userId: number, itemId: number): Promise<EquipmentPurchaseView> {
  return transact(ctx, async (tx) => {
    const character = await currentCharacterRow(tx, userId, true);
    if (!character) throw notFound(EQUIPMENT_MESSAGES.noCharacter);
    await assertNotListed(tx, character.id, 'equip');

    const [item] = await tx.select().from(equipmentItems).where(eq(equipmentItems.id, itemId)).limit(1);
    if (!item) throw notFound(EQUIPMENT_MESSAGES.itemNotFound);
    if (item.price <= 0) throw badRequest(EQUIPMENT_MESSAGES.forgeOnly);
    const problem = levelProblem(character.level, item.level);
    if (problem) throw badRequest(problem);

    const credits = await moveCredits(tx, {
      userId,
      delta: -item.price,
      reason: 'equipment_purchase',
      reference: `equipment_item:${item.id}`,
    });
    const owned = await addToInventory(tx, character.id, item);
    await recordEvents(tx, [{ type: 'ItemBought', userId, itemId: String(item.id), price: item.price }], ctx.clock.now());
    return { message: EQUIPMENT_MESSAGES.purchased, credits, owned };
  });
}

/**
 * `POST /api/characters/{id}/equip {equipmentId, slot}`: `equipmentId` is an inventory entry of
 * that character. The slot's previous piece goes back to the inventory.
 */
export async function equip(ctx: AppContext, userId: number, characterId: number, request: EquipBody): Promise<EquipView> {
  return transact(ctx, async (tx) => {
    const character = await ownedCharacter(tx, userId, characterId, true);
    await assertNotListed(tx, characterId, 'equip');

    const [found] = await tx
      .select({ entry: characterEquipment, item: equipmentItems })
      .from(characterEquipment)
      .innerJoin(equipmentItems, eq(equipmentItems.id, characterEquipment.equipmentId))
      .where(and(eq(characterEquipment.id, request.equipmentId), eq(characterEquipment.characterId, characterId)))
      .limit(1);
    if (!found) throw notFound(EQUIPMENT_MESSAGES.entryNotFound);
    if (found.item.slot !== request.slot) throw badRequest(slotMismatchMessage(request.slot));
    const problem = levelProblem(character.level, found.item.level);
    if (problem) throw badRequest(problem);

    if (!found.entry.equipped) await swapInto(tx, characterId, request.slot, found.entry.id);

    const loadout = (await loadoutsOf(tx, [characterId])).get(characterId);
    return {
      message: EQUIPMENT_MESSAGES.equipped,
      equipment: await inventoryOf(tx, characterId),
      stats: effectiveStats(character, loadout),
    };
  });
}

/** Unequips whatever the slot holds, then equips the entry (the partial unique index backs this). */
async function swapInto(tx: Tx, characterId: number, slot: Slot, entryId: number): Promise<void> {
  await tx
    .update(characterEquipment)
    .set({ equipped: false })
    .where(
      and(
        eq(characterEquipment.characterId, characterId),
        eq(characterEquipment.slot, slot),
        eq(characterEquipment.equipped, true),
        ne(characterEquipment.id, entryId),
      ),
    );
  await tx.update(characterEquipment).set({ equipped: true }).where(eq(characterEquipment.id, entryId));
}
