import { useEffect, useRef, useState } from 'react';
import { focusHeading, whenScreenHeading } from '@client/lib/focus-heading';

/**
 * After a move to another screen (not the first page load), or a sign-in or a session's end
 * (`arrivals` counts them) that changed the screen at the same address: the focus goes to the
 * new screen's heading (its h1, made focusable), and a polite live region says which screen it
 * is, so a keyboard or screen-reader player is not left on the body of the page. The heading arrives with
 * the screen's code, however long that takes on a slow phone; the wait ends early only if the
 * focus moves meanwhile (the player tabbed or clicked on, or a dialog took it), so it is never
 * pulled away from where the player has since put it.
 */
export function useRouteFocus(location: string, arrivals = 0): string {
  const [announcement, setAnnouncement] = useState('');
  const first = useRef(true);
  const arrived = useRef(arrivals);
  useEffect(() => {
    const sessionChanged = arrived.current !== arrivals;
    arrived.current = arrivals;
    if (first.current) {
      first.current = false;
      return;
    }
    const main = document.getElementById('main');
    if (!main) return;
    const from = document.activeElement;
    // A screen that put the focus somewhere on arrival (the new player's recovery codes) keeps it there.
    if (sessionChanged && main.contains(from)) return;
    const movedOn = (event: FocusEvent) => {
      if (event.target !== from) stop();
    };
    document.addEventListener('focusin', movedOn);
    const stopWatching = whenScreenHeading((heading) => {
      document.removeEventListener('focusin', movedOn);
      // A heading that cannot take the focus (hidden as it goes): wait for the next one.
      if (!focusHeading(heading)) {
        document.addEventListener('focusin', movedOn);
        return false;
      }
      setAnnouncement(`${heading.textContent?.trim() ?? document.title} screen`);
      return true;
    });
    function stop() {
      stopWatching();
      document.removeEventListener('focusin', movedOn);
    }
    return stop;
  }, [location, arrivals]);
  return announcement;
}

/** The live region that tells the screen reader which screen has opened. */
export function RouteAnnouncer({ text }: { text: string }) {
  return (
    <p aria-live="polite" aria-atomic="true" className="sr-only" data-testid="route-announcer">
      {text}
    </p>
  );
}
