import { useMyCharacters } from './use-my-characters';

/**
 * The player's current character (DESIGN §4): the best one, which gear purchases, forging and
 * looks act on. The list comes best first, so it is the list's head; with it come the list's
 * states (pending, failed, empty, unauthorized) for the screen's gate.
 */
export function useCurrentCharacter(options: { enabled?: boolean } = {}) {
  const chars = useMyCharacters(options);
  const character = chars.characters[0] ?? null;
  return { ...chars, character, empty: chars.empty || (chars.isSuccess && !character) };
}
