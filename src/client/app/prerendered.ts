/**
 * The build writes a screen into the page (scripts/prerender-shell.ts): the login screen for
 * nobody signed in, the loading screen otherwise (`data-shell` on #root says which). The page's
 * script hydrates the written login screen (main.tsx): the elements stay, and with them the focus
 * and anything typed; only the form's own state has to learn what was typed before then. Once
 * hydrated, the page drops `data-shell`.
 */

/** True when the page holds the login screen the build wrote (the only written screen React takes over in place). */
export function holdsWrittenLogin(root: HTMLElement): boolean {
  return root.dataset.shell === 'login';
}

/**
 * Once the written screen is hydrated: each field that holds text tells the form about it, as
 * typing would. Hydration keeps a field's text but not the form's state, which starts empty, so a
 * name typed before the scripts ran would otherwise be sent as nothing. (Typed during hydration,
 * the form already has it: telling it again changes nothing.)
 */
export function keepTypedValues(root: HTMLElement): void {
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[id], textarea[id]')) {
    if (field.type === 'hidden' || field.value === '') continue;
    const value = field.value;
    // Through the element's own setter first (React's tracker then holds ''), then the
    // prototype's (the tracker keeps ''), so the input event reads as a change to `value`.
    field.value = '';
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set?.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}
