import type { Page } from 'playwright-core';

/** A toast as it appeared: its variant ('success', 'destructive', ...) and title. */
export interface SeenToast {
  variant: string;
  title: string;
}

/** A player action the page sent: method, path and its Idempotency-Key header (if any). */
export interface SentAction {
  method: string;
  path: string;
  key: string | undefined;
}

/**
 * Records every toast the page shows (one shows at a time, so a later one hides an earlier one
 * from `getByTestId('toast')`) and every non-GET call to /api. Call before the first `goto`.
 */
export async function watchPage(page: Page): Promise<{ toasts: SeenToast[]; actions: SentAction[] }> {
  const toasts: SeenToast[] = [];
  // Kept on this side, so the record survives navigations.
  await page.exposeFunction('__seenToast', (toast: SeenToast) => void toasts.push(toast));
  await page.addInitScript(() => {
    const report = (window as unknown as { __seenToast: (t: { variant: string; title: string }) => void }).__seenToast;
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (!(node instanceof HTMLElement)) continue;
          const found = node.matches('[data-testid="toast"]') ? [node] : [...node.querySelectorAll<HTMLElement>('[data-testid="toast"]')];
          for (const el of found) {
            void report({
              variant: el.dataset.variant ?? '',
              title: el.querySelector('[data-testid="toast-title"]')?.textContent ?? '',
            });
          }
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
  const actions: SentAction[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' || !url.pathname.startsWith('/api/')) return;
    actions.push({ method: request.method(), path: url.pathname, key: request.headers()['idempotency-key'] });
  });
  return { toasts, actions };
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
