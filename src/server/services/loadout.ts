import type { Stats } from '@common/characters';
import { ZERO_STATS } from '@common/characters';
import { inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { characters, marketplaceListings } from '../db/schema';
import { characterEquipment, equipmentItems } from '../db/schema-equipment';
import { characterSkills, skills } from '../db/schema-skills';
import { gearBonus, type WornPiece } from '../domain/equipment';
import { setBonusStats } from '../domain/forge-sets';
import { skillLoadout, type SkillEffects } from '../domain/skills';
import type { SkillType } from '@common/economy-api';
import type { Ability, Fighter } from '../domain/battle';
import { CURRENT_TUNING, statsAtLevel } from '../domain/classes';
import type { CharacterRow } from '../db/schema';

/** What gear, set bonuses and learned skills add to a character. */
export interface Loadout {
  /** Stat bonuses of equipped gear, set bonuses and passive skills. */
  bonus: Stats;
  /** Active and ultimate skills the battle engine may use. */
  abilities: Ability[];
}

export const EMPTY_LOADOUT: Readonly<Loadout> = Object.freeze({ bonus: ZERO_STATS, abilities: [] });

export function addStats(...parts: Partial<Stats>[]): Stats {
  const sum = { ...ZERO_STATS };
  for (const p of parts) {
    sum.attack += p.attack ?? 0;
    sum.defense += p.defense ?? 0;
    sum.speed += p.speed ?? 0;
    sum.magic += p.magic ?? 0;
  }
  return sum;
}

/** What one statement brings along with each character: its listing, worn gear and learned skills. */
export interface CharacterExtras {
  listing: { id: number; price: number } | null;
  gear: WornPiece[];
  skills: { id?: number; level: number; name: string; type: SkillType; effects: SkillEffects }[];
}

/**
 * Columns to select beside a character row (`db.select({ character: characters, ...extrasColumns })`):
 * the character's active listing, equipped pieces and learned skills as JSON, so a character
 * and all it needs for its view or a fight is one statement.
 */
export const extrasColumns = {
  listing: sql<CharacterExtras['listing']>`(select json_build_object('id', l.id, 'price', l.price) from ${marketplaceListings} l
    where l.character_id = "characters".id and l.status = 'active' limit 1)`,
  gear: sql<CharacterExtras['gear']>`coalesce((select json_agg(json_build_object('stats', e.stats, 'setId', e.set_id))
    from ${characterEquipment} ce join ${equipmentItems} e on e.id = ce.equipment_id
    where ce.character_id = "characters".id and ce.equipped), '[]'::json)`,
  skills: sql<CharacterExtras['skills']>`coalesce((select json_agg(json_build_object('id', s.id, 'level', cs.level, 'name', s.name, 'type', s.type, 'effects', s.effects) order by cs.id)
    from ${characterSkills} cs join ${skills} s on s.id = cs.skill_id
    where cs.character_id = "characters".id), '[]'::json)`,
};

/** The loadout of a character's worn gear (with set bonuses) and learned skills. */
export function loadoutFrom(extras: Pick<CharacterExtras, 'gear' | 'skills'>): Loadout {
  const skill = skillLoadout(extras.skills.map((s) => ({ skill: { id: s.id, name: s.name, type: s.type, effects: s.effects }, level: s.level })));
  return { bonus: addStats(gearBonus(extras.gear, setBonusStats), skill.bonus), abilities: skill.abilities };
}

/** Loadouts of several characters in one query, keyed by character id. */
export async function loadoutsOf(db: Executor, characterIds: number[]): Promise<Map<number, Loadout>> {
  const result = new Map<number, Loadout>();
  if (characterIds.length === 0) return result;
  const rows = await db
    .select({ id: characters.id, gear: extrasColumns.gear, skills: extrasColumns.skills })
    .from(characters)
    .where(inArray(characters.id, characterIds));
  for (const row of rows) result.set(row.id, loadoutFrom(row));
  return result;
}

/** Effective stats: class base and growth, spent points, then the loadout's bonuses. */
export function effectiveStats(row: CharacterRow, loadout: Loadout = EMPTY_LOADOUT): Stats {
  return addStats(statsAtLevel(row.class, row.level, row.allocated), loadout.bonus);
}

/** The character with a loaded loadout, as the battle engine sees it. */
export function fighterFrom(row: CharacterRow, loadout: Loadout = EMPTY_LOADOUT): Fighter {
  return {
    name: row.name,
    class: row.class,
    level: row.level,
    stats: effectiveStats(row, loadout),
    abilities: loadout.abilities,
    tuning: CURRENT_TUNING,
  };
}

/** The character as the battle engine sees it. */
export async function fighterOf(db: Executor, row: CharacterRow): Promise<Fighter> {
  return fighterFrom(row, (await loadoutsOf(db, [row.id])).get(row.id));
}
