import { useSyncExternalStore } from 'react';
import { SESSION_HINT_COOKIE } from '@common/constants';

/**
 * What the page knows about its session without asking the server.
 * - The hint cookie (SESSION_HINT_COOKIE, set by the server beside the HttpOnly session cookie):
 *   without it nobody is signed in, and GET /api/user is not asked (its 401 would be logged by
 *   the browser as an error on every logged-out page).
 * - The lost-session notice: a page that was signed in and got a 401 (the server restarted and
 *   lost its sessions, or the session expired) says so on the login screen.
 */

const HINT = new RegExp(`(?:^|;\\s*)(?:__Host-)?${SESSION_HINT_COOKIE}=1(?:;|$)`);

/** True when the browser holds a session cookie (outside a browser, always: nothing to read). */
export function hasSessionHint(cookies: string | undefined = typeof document === 'undefined' ? undefined : document.cookie): boolean {
  return cookies === undefined || HINT.test(cookies);
}

/** Drops the hint after the server said the session is gone, so the next page load does not ask. */
export function forgetSessionHint(): void {
  if (typeof document === 'undefined') return;
  document.cookie = `${SESSION_HINT_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
  // Over HTTPS (COOKIE_SECURE=1) the hint has the __Host- prefix, which only a Secure write may touch.
  if (window.location.protocol === 'https:') document.cookie = `__Host-${SESSION_HINT_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax; Secure`;
}

/** The login screen's notice after a signed-in page lost its session. */
export const SESSION_LOST_NOTICE = 'The server restarted; please log in again';

let lost = false;
const listeners = new Set<() => void>();

export function setSessionLost(value: boolean): void {
  if (lost === value) return;
  lost = value;
  for (const listener of listeners) listener();
}

export function isSessionLost(): boolean {
  return lost;
}

export function useSessionLost(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    isSessionLost,
    () => false,
  );
}
