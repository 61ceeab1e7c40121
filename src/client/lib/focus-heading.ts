/**
 * A heading as the place the keyboard lands after a change of screen or a result replacing the
 * control pressed: made focusable (`tabindex="-1"`, unless it has a tabindex already) and
 * focused. Answers whether it took the focus (a heading hidden as it goes does not).
 */
export function focusHeading(heading: HTMLElement, { scroll = false }: { scroll?: boolean } = {}): boolean {
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: !scroll });
  return heading.ownerDocument.activeElement === heading;
}

/**
 * The screen's heading, once it is on show: while the new screen's code loads, the screen left
 * can still be in the page, hidden, and its heading would not take the focus.
 */
export function shownScreenHeading(doc: Document = document): HTMLElement | null {
  const headings = doc.getElementById('main')?.querySelectorAll<HTMLElement>('h1') ?? [];
  for (const heading of headings) if (heading.getClientRects().length > 0) return heading;
  return null;
}

/**
 * Calls `shown` with the screen's heading once it is on show (at once if it is already), and again
 * at each change of the page while `shown` answers false: the heading arrives with the screen's
 * code, however long that takes. The whole page is watched, not one element: the shell may put up
 * a new main meanwhile. Answers how to stop watching.
 */
export function whenScreenHeading(shown: (heading: HTMLElement) => boolean, doc: Document = document): () => void {
  let done = false;
  const stop = () => {
    done = true;
    observer.disconnect();
  };
  const check = () => {
    if (done) return;
    const heading = shownScreenHeading(doc);
    if (heading && shown(heading)) stop();
  };
  const observer = new MutationObserver(check);
  observer.observe(doc.body, { childList: true, subtree: true });
  check();
  return stop;
}

/** How long a screen's heading is waited for (its code and first read on a slow phone). */
const HEADING_WAIT_MS = 15_000;

/**
 * The screen's heading takes the focus now, or as soon as it shows if the screen is still
 * loading (the codes put away over a screen whose code has not come): unless the player has put
 * the focus elsewhere meanwhile. Where the focus fell when its control left (the page's body, or
 * a part of the page around the heading to come) counts as nowhere.
 */
export function focusScreenHeading({ scroll = false }: { scroll?: boolean } = {}, doc: Document = document): void {
  const now = shownScreenHeading(doc);
  if (now) {
    focusHeading(now, { scroll });
    return;
  }
  const timer = setTimeout(() => stop(), HEADING_WAIT_MS);
  const stop = whenScreenHeading((heading) => {
    clearTimeout(timer);
    const active = doc.activeElement;
    if (!active || active === doc.body || active.contains(heading)) focusHeading(heading, { scroll });
    return true;
  }, doc);
}
