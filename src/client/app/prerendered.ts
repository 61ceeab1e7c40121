/**
 * The build writes a screen into the page (scripts/prerender-shell.ts): the login screen for
 * nobody signed in, the loading screen otherwise (`data-shell` on #root says which). The page's
 * script renders the same screen over it; what a player typed into the written form before
 * then, and where the focus was, carry over.
 */

/** True when the page holds the login screen the build wrote (the only written screen with anything to carry over). */
export function holdsWrittenLogin(root: HTMLElement): boolean {
  return root.dataset.shell === 'login';
}

export interface Typed {
  values: [id: string, value: string][];
  /** Where the focused element sits under the root (child indices): the rendered screen has the same markup. */
  focusPath: number[] | undefined;
}

function pathOf(root: HTMLElement, element: Element): number[] | undefined {
  const path: number[] = [];
  for (let at: Element | null = element; at && at !== root; at = at.parentElement) {
    if (!at.parentElement) return undefined;
    path.unshift([...at.parentElement.children].indexOf(at));
  }
  return path;
}

function elementAt(root: HTMLElement, path: number[]): Element | undefined {
  let at: Element | undefined = root;
  for (const index of path) at = at?.children[index];
  return at;
}

/** The values typed into the written form's fields, and the element (a field, a link, a button) that has the focus. */
export function takeTyped(root: HTMLElement): Typed {
  const fields = [...root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[id], textarea[id]')];
  const active = document.activeElement;
  return {
    values: fields.filter((f) => f.value !== '' && f.type !== 'hidden').map((f) => [f.id, f.value]),
    focusPath: active instanceof HTMLElement && active !== root && root.contains(active) ? pathOf(root, active) : undefined,
  };
}

/** Puts the typed values into the rendered screen's empty fields (as typing would, so its state sees them) and the focus back. */
export function restoreTyped(root: HTMLElement, { values, focusPath }: Typed): void {
  for (const [id, value] of values) {
    const field = document.getElementById(id);
    if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) || field.value !== '') continue;
    const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set;
    setter?.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
  const focused = focusPath ? elementAt(root, focusPath) : undefined;
  if (focused instanceof HTMLElement) focused.focus();
}
