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
