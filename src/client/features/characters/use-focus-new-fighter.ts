import { useEffect, useRef } from 'react';
import type { CharacterView } from '@common/game-api';
import { focusHeading } from '@client/lib/focus-heading';

/**
 * When the create form gives way to the list (Create Fighter succeeded), the keyboard lands on
 * the new fighter's name, the heading of its card, instead of falling to the page's body with
 * the form's button.
 */
export function useFocusNewFighter(characters: readonly CharacterView[], loaded: boolean): void {
  const formShown = useRef(false);
  useEffect(() => {
    if (!loaded) return;
    if (characters.length === 0) {
      formShown.current = true;
      return;
    }
    if (!formShown.current) return;
    formShown.current = false;
    const newest = characters.reduce((a, b) => (b.id > a.id ? b : a));
    const heading = document.getElementById(`character-name-${newest.id}`);
    if (heading) focusHeading(heading);
  }, [characters, loaded]);
}
