import { useEffect, useRef, useState } from 'react';

/** How long a screen's code and heading may take to arrive before focus stops waiting for it. */
const HEADING_WAIT_MS = 10_000;

/**
 * After a move to another screen (not the first page load): the focus goes to the new screen's
 * heading (its h1, made focusable), and a polite live region says which screen it is, so a
 * keyboard or screen-reader player is not left on the body of the page. The heading arrives with
 * the screen's code, so it is awaited.
 */
export function useRouteFocus(location: string): string {
  const [announcement, setAnnouncement] = useState('');
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const main = document.getElementById('main');
    if (!main) return;
    let done = false;
    const settle = () => {
      if (done) return;
      const heading = main.querySelector<HTMLElement>('h1');
      if (!heading) return;
      done = true;
      observer.disconnect();
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
      setAnnouncement(`${heading.textContent?.trim() ?? document.title} screen`);
    };
    const observer = new MutationObserver(settle);
    observer.observe(main, { childList: true, subtree: true });
    settle();
    const giveUp = window.setTimeout(() => observer.disconnect(), HEADING_WAIT_MS);
    return () => {
      done = true;
      observer.disconnect();
      window.clearTimeout(giveUp);
    };
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
