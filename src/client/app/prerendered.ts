/**
 * The build writes a screen into the page (scripts/prerender-shell.ts): the login screen for
 * nobody signed in, the loading screen otherwise (`data-shell` on #root says which). The page's
 * script renders the same screen over it; what a player typed into the written form before
 * then, and where the focus was, carry over.
 */

export type PrerenderedShell = 'login' | 'loading' | undefined;

export function prerenderedShell(root: HTMLElement): PrerenderedShell {
  const shell = root.dataset.shell;
  return shell === 'login' || shell === 'loading' ? shell : undefined;
}

export interface Typed {
  values: [id: string, value: string][];
  focusedId: string | undefined;
}

/** The values typed into the written form's fields, and the field that has the focus. */
export function takeTyped(root: HTMLElement): Typed {
  const fields = [...root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[id], textarea[id]')];
  const active = document.activeElement;
  return {
    values: fields.filter((f) => f.value !== '' && f.type !== 'hidden').map((f) => [f.id, f.value]),
    focusedId: active instanceof HTMLElement && root.contains(active) && active.id ? active.id : undefined,
  };
}

/** Puts the typed values into the rendered screen's empty fields (as typing would, so its state sees them) and the focus back. */
export function restoreTyped({ values, focusedId }: Typed): void {
  for (const [id, value] of values) {
    const field = document.getElementById(id);
    if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) || field.value !== '') continue;
    const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set;
    setter?.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
  if (focusedId) document.getElementById(focusedId)?.focus();
}
