/** Business constants of SPEC §9, shared by client and server. */
export const PRODUCT_NAME = 'Glitch Arena';
export const STARTING_CREDITS = 2500;

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 20;
export const PASSWORD_MIN = 3;
export const PASSWORD_MAX = 128;

export const CHARACTER_NAME_MAX = 20;
export const SHARE_MESSAGE_MAX = 100;
export const CHAT_MESSAGE_MAX = 500;

export const PVE_COOLDOWN_MS = 30_000;
export const PVP_COOLDOWN_MS = 60_000;
export const PVP_TURN_MS = 30_000;

export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

export const SOUND_DEFAULT_VOLUME = 0.5;
export const SOUND_AMBIENT_VOLUME = 0.3;

/**
 * A whole number with en-US thousands separators (12,345), as `toLocaleString('en-US')` writes
 * it, without the locale machinery: its first call costs a phone tens of milliseconds on the
 * first screen. A number with a fraction goes to `toLocaleString`.
 */
export function groupDigits(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString('en-US');
  return String(n).replace(/\B(?=(\d{3})+$)/g, ',');
}

/** Formats a credit balance with thousands separators; a missing balance shows 0. */
export function formatCredits(credits: number | null | undefined): string {
  return groupDigits(credits ?? 0);
}

/**
 * Name of the cookie that tells the page a session cookie is held (its value is `1`, never the
 * token; `__Host-` is put before it over HTTPS, like the session's). The session cookie itself
 * is HttpOnly: without this hint a logged-out page could learn that nobody is signed in only
 * from a 401 of GET /api/user, which the browser logs as an error.
 */
export const SESSION_HINT_COOKIE = 'ga_signed_in';
