import type { Page } from 'playwright-core';

/**
 * Keeps, in the page, the markup each of `testIds` had when it first appeared: a screen that
 * shows something for a while (a result the queue page clears after 5 s, a turn timer counting
 * down) is checked as it first showed, however long a busy machine takes to ask. Call before
 * the page's first navigation.
 */
export async function recordFirstSeen(page: Page, testIds: readonly string[]): Promise<void> {
  await page.addInitScript((ids: readonly string[]) => {
    const seen: Record<string, string> = {};
    (window as unknown as { firstSeen: Record<string, string> }).firstSeen = seen;
    const look = () => {
      for (const id of ids) {
        if (seen[id]) continue;
        const el = document.querySelector(`[data-testid="${id}"]`);
        if (el) seen[id] = el.outerHTML;
      }
    };
    new MutationObserver(look).observe(document, { childList: true, subtree: true, attributes: true });
  }, testIds);
}

/** An element as it first appeared: its attributes, and the text and link of each part with a test id. */
export interface SeenElement {
  attributes: Record<string, string>;
  parts: Record<string, { text: string; href: string | null }>;
}

/** `testId` as it first appeared (`recordFirstSeen`); null if it never did. */
export async function firstSeen(page: Page, testId: string): Promise<SeenElement | null> {
  return page.evaluate((id) => {
    const markup = (window as unknown as { firstSeen?: Record<string, string> }).firstSeen?.[id];
    if (!markup) return null;
    const holder = document.createElement('template');
    holder.innerHTML = markup;
    const el = holder.content.firstElementChild!;
    const parts: Record<string, { text: string; href: string | null }> = {};
    for (const part of el.querySelectorAll('[data-testid]')) {
      parts[part.getAttribute('data-testid')!] ??= { text: part.textContent ?? '', href: part.getAttribute('href') };
    }
    return { attributes: Object.fromEntries([...el.attributes].map((a) => [a.name, a.value])), parts };
  }, testId);
}
