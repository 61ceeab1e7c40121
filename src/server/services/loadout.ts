import type { Stats } from '@common/characters';
import { ZERO_STATS } from '@common/characters';
import type { Executor } from '../db/client';
import type { Ability, Fighter } from '../domain/battle';
import { statsAtLevel } from '../domain/classes';
import type { CharacterRow } from './character-view';
import { equipmentBonuses } from './equipment-loadout';
import { skillLoadouts } from './skill-loadout';

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

/** Loadouts of several characters in two queries (gear, skills), keyed by character id. */
export async function loadoutsOf(db: Executor, characterIds: number[]): Promise<Map<number, Loadout>> {
  const result = new Map<number, Loadout>();
  if (characterIds.length === 0) return result;
  // One after the other: inside a transaction both run on the same connection.
  const gear = await equipmentBonuses(db, characterIds);
  const skills = await skillLoadouts(db, characterIds);
  for (const id of characterIds) {
    const skill = skills.get(id);
    result.set(id, {
      bonus: addStats(gear.get(id) ?? {}, skill?.bonus ?? {}),
      abilities: skill?.abilities ?? [],
    });
  }
  return result;
}

/** Effective stats: class base and growth, spent points, then the loadout's bonuses. */
export function effectiveStats(row: CharacterRow, loadout: Loadout = EMPTY_LOADOUT): Stats {
  return addStats(statsAtLevel(row.class, row.level, row.allocated), loadout.bonus);
}

/** The character with a loaded loadout, as the battle engine sees it. */
export function fighterFrom(row: CharacterRow, loadout: Loadout = EMPTY_LOADOUT): Fighter {
  return { name: row.name, class: row.class, level: row.level, stats: effectiveStats(row, loadout), abilities: loadout.abilities };
}

/** The character as the battle engine sees it. */
export async function fighterOf(db: Executor, row: CharacterRow): Promise<Fighter> {
  return fighterFrom(row, (await loadoutsOf(db, [row.id])).get(row.id));
}
