/**
 * Keeps a keyboard player's place when the control they pressed leaves the page: a quest's Claim
 * becomes 'Claimed', Buy becomes 'Owned', Learn Skill becomes 'Already Learned'. The browser
 * then puts the focus on the page's body, and the next Tab starts again from the top bar. Here
 * the focus goes to the nearest part of the page that is still there instead (the quest's row,
 * the item's card), made focusable for as long as it holds the focus, so the next Tab goes on
 * from where the player was and a screen reader reads what replaced the control.
 *
 * Nothing is moved when something else took the focus (a dialog giving it back to its button,
 * a new screen's heading), and a control that is only re-rendered in place keeps it anyway.
 */
export function keepFocusInPlace(doc: Document): () => void {
  /** The focused element and its ancestors, read while it was still in the page. */
  let held: { element: Element; ancestors: HTMLElement[] } | null = null;

  const onFocusIn = (event: FocusEvent) => {
    const element = event.target;
    if (!(element instanceof Element) || element === doc.body) return;
    const ancestors: HTMLElement[] = [];
    for (let a = element.parentElement; a && a !== doc.body && a !== doc.documentElement; a = a.parentElement) ancestors.push(a);
    held = { element, ancestors };
  };

  const rescue = () => {
    if (!held || held.element.isConnected) return;
    const { ancestors } = held;
    held = null;
    const active = doc.activeElement;
    if (active && active !== doc.body) return;
    const home = ancestors.find((a) => a.isConnected);
    if (!home) return;
    if (!home.hasAttribute('tabindex')) {
      home.setAttribute('tabindex', '-1');
      home.addEventListener('blur', () => home.removeAttribute('tabindex'), { once: true });
    }
    home.focus({ preventScroll: true });
  };

  const observer = new MutationObserver(rescue);
  doc.addEventListener('focusin', onFocusIn);
  observer.observe(doc.body, { childList: true, subtree: true });
  return () => {
    observer.disconnect();
    doc.removeEventListener('focusin', onFocusIn);
  };
}
