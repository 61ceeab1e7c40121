import type { CharacterView } from '@common/game-api';
import { powerLevel } from '@common/characters';
import type { CharacterRow } from '../db/schema';
import { maxHp } from '../domain/battle';
import { characterValue, experienceToNext } from '../domain/progression';
import { EMPTY_LOADOUT, effectiveStats, type Loadout } from './loadout';


/** The answer shape of a character (SPEC §3) from its row, active listing and loadout. */
export function characterView(
  row: CharacterRow,
  listing: { id: number; price: number } | null = null,
  loadout: Loadout = EMPTY_LOADOUT,
): CharacterView {
  const stats = effectiveStats(row, loadout);
  return {
    id: row.id,
    userId: row.userId,
    name: row.name,
    class: row.class,
    level: row.level,
    experience: row.experience,
    experienceToNext: experienceToNext(row.level),
    wins: row.wins,
    losses: row.losses,
    value: characterValue(row),
    isForged: row.isForged,
    stats,
    powerLevel: powerLevel(stats),
    maxHp: maxHp(stats),
    characterAvatar: row.characterAvatar,
    imageSet: row.imageSet,
    statPoints: row.statPoints,
    skillPoints: row.skillPoints,
    lastBattleAt: row.lastBattleAt?.toISOString() ?? null,
    lastPvPBattleAt: row.lastPvpBattleAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    listing,
    rating: {
      rating: Math.round(row.rating),
      deviation: Math.round(row.ratingDeviation),
      wins: row.pvpWins,
      losses: row.pvpLosses,
      season: row.ratingSeason,
    },
  };
}
