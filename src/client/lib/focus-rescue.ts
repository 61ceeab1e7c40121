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

  // The player moved the focus away themselves (a click on the page, a Tab out of a dialog): the
  // element is still there, and usable, a moment later, and its leaving later is none of the
  // focus's business. A button disabled by its own press (Claiming...) loses the focus too, and
  // is still followed: it usually leaves once the answer comes.
  const onFocusOut = (event: FocusEvent) => {
    const left = held;
    if (!left || event.target !== left.element) return;
    setTimeout(() => {
      if (held === left && left.element.isConnected && !left.element.matches(':disabled')) held = null;
    }, 0);
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
  doc.addEventListener('focusout', onFocusOut);
  observer.observe(doc.body, { childList: true, subtree: true });
  return () => {
    observer.disconnect();
    doc.removeEventListener('focusin', onFocusIn);
    doc.removeEventListener('focusout', onFocusOut);
  };
}
