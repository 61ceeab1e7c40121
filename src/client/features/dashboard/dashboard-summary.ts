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

/** The character with the highest level; the earlier one wins a tie (the list comes best first). */
export function bestCharacter(characters: readonly CharacterView[]): CharacterView | null {
  let best: CharacterView | null = null;
  for (const c of characters) {
    if (!best || c.level > best.level) best = c;
  }
  return best;
}
