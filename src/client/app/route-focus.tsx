import { useEffect, useRef, useState } from 'react';
import { focusHeading, shownScreenHeading } from '@client/lib/focus-heading';

/**
 * After a move to another screen (not the first page load): the focus goes to the new screen's
 * heading (its h1, made focusable), and a polite live region says which screen it is, so a
 * keyboard or screen-reader player is not left on the body of the page. The heading arrives with
 * the screen's code, however long that takes on a slow phone; the wait ends early only if the
 * focus moves meanwhile (the player tabbed or clicked on, or a dialog took it), so it is never
 * pulled away from where the player has since put it.
 */
export function useRouteFocus(location: string): string {
  const [announcement, setAnnouncement] = useState('');
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (!document.getElementById('main')) return;
    const from = document.activeElement;
    let done = false;
    const movedOn = (event: FocusEvent) => {
      if (event.target !== from) stop();
    };
    const stop = () => {
      done = true;
      observer.disconnect();
      document.removeEventListener('focusin', movedOn);
    };
    const settle = () => {
      if (done) return;
      const heading = shownScreenHeading();
      if (!heading) return;
      document.removeEventListener('focusin', movedOn);
      // A heading that cannot take the focus (hidden as it goes): wait for the next one.
      if (!focusHeading(heading)) {
        document.addEventListener('focusin', movedOn);
        return;
      }
      stop();
      setAnnouncement(`${heading.textContent?.trim() ?? document.title} screen`);
    };
    // The whole page is watched, not one element: the shell may put up a new main meanwhile.
    const observer = new MutationObserver(settle);
    observer.observe(document.body, { childList: true, subtree: true });
    document.addEventListener('focusin', movedOn);
    settle();
    return stop;
  }, [location]);
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
