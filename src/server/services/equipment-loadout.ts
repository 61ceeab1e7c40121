import { and, eq, inArray } from 'drizzle-orm';
import type { Stats } from '@common/characters';
import type { Executor } from '../db/client';
import { characterEquipment, equipmentItems } from '../db/schema-equipment';
import { gearBonus, type WornPiece } from '../domain/equipment';
import { setBonusStats } from '../domain/forge-sets';

/**
 * Stat bonuses of each character's equipped gear plus the set bonuses it earns (2/4/6 pieces),
 * in one query for all the characters. Characters without gear are absent from the map.
 */
export async function equipmentBonuses(db: Executor, characterIds: number[]): Promise<Map<number, Partial<Stats>>> {
  const result = new Map<number, Partial<Stats>>();
  if (characterIds.length === 0) return result;
  const rows = await db
    .select({ characterId: characterEquipment.characterId, stats: equipmentItems.stats, setId: equipmentItems.setId })
    .from(characterEquipment)
    .innerJoin(equipmentItems, eq(equipmentItems.id, characterEquipment.equipmentId))
    .where(and(inArray(characterEquipment.characterId, characterIds), eq(characterEquipment.equipped, true)));

  const worn = new Map<number, WornPiece[]>();
  for (const row of rows) {
    const pieces = worn.get(row.characterId) ?? [];
    pieces.push({ stats: row.stats, setId: row.setId });
    worn.set(row.characterId, pieces);
  }
  for (const [characterId, pieces] of worn) result.set(characterId, gearBonus(pieces, setBonusStats));
  return result;
}
