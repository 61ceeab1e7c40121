import type { CharacterView } from '@common/game-api';

/** The fighter a duel uses: highest level, then most wins, skipping ones listed for sale. */
export function bestCharacter(characters: readonly CharacterView[]): CharacterView | null {
  let best: CharacterView | null = null;
  for (const c of characters) {
    if (c.listing !== null) continue;
    if (!best || c.level > best.level || (c.level === best.level && c.wins > best.wins)) best = c;
  }
  return best;
}
