import { currentOf, viewReader } from '@common/current-character';
import { useMyCharacters } from './use-my-characters';

/**
 * The player's current character (DESIGN §4, `currentOf`): the best one not listed for sale,
 * which fights, buys gear, forges, changes its look and duels, as the server has it; with it come
 * the list's states (pending, failed, empty, unauthorized) for the screen's gate.
 */
export function useCurrentCharacter(options: { enabled?: boolean } = {}) {
  const chars = useMyCharacters(options);
  const character = currentOf(chars.characters, viewReader);
  return { ...chars, character, empty: chars.empty || (chars.isSuccess && !character) };
}
