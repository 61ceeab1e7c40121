import { bestOf, viewReader } from '@common/current-character';
import type { CharacterView } from '@common/game-api';

export interface DashboardTotals {
  characters: number;
  totalWins: number;
  totalLevels: number;
}

/** Number of characters, sum of wins and sum of levels (SPEC §9). */
export function dashboardTotals(characters: readonly CharacterView[]): DashboardTotals {
  return {
    characters: characters.length,
    totalWins: characters.reduce((sum, c) => sum + c.wins, 0),
    totalLevels: characters.reduce((sum, c) => sum + c.level, 0),
  };
}

/** 'Your Best Character' (SPEC §2): the highest level, ties as `bestFirst` of src/common/characters.ts. */
export function bestCharacter(characters: readonly CharacterView[]): CharacterView | null {
  return bestOf(characters, viewReader.rank);
}
