/** Pure account rules of DESIGN §4: no I/O, no clock; callers pass `now`. */

export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
/** A session's expiry is pushed forward at most this often, so reads stay reads. */
export const SESSION_REFRESH_EVERY_MS = 60 * 60 * 1000;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
/** Failures of one account from one address before that address is refused for the account. */
export const LOGIN_MAX_FAILURES = 10;
/** Failures from one address over all accounts before it is refused altogether (password spraying). */
export const LOGIN_MAX_FAILURES_PER_ADDRESS = 100;
export const REGISTRATION_WINDOW_MS = 60 * 60 * 1000;

/** Usernames are unique ignoring case; throttling and look-ups use this key. */
export function usernameKey(username: string): string {
  return username.trim().toLowerCase();
}

/**
 * Whether an address may try a password now: refused after LOGIN_MAX_FAILURES failures of this
 * account from this address, or LOGIN_MAX_FAILURES_PER_ADDRESS failures of any account from it,
 * inside the window. Failures from other addresses never count, so a stranger cannot lock the
 * owner out.
 */
export function isLoginThrottled(failures: { account: number; address: number }): boolean {
  return failures.account >= LOGIN_MAX_FAILURES || failures.address >= LOGIN_MAX_FAILURES_PER_ADDRESS;
}

/**
 * Milliseconds until an address may register again, given when its registrations of the last
 * hour happened (oldest first) and the limit (0 = no limit); 0 when it may register now.
 */
export function registrationWaitMs(recent: readonly Date[], limit: number, now: Date): number {
  if (limit === 0 || recent.length < limit) return 0;
  // The (n - limit + 1)-th newest must leave the window before one more fits.
  const blocking = recent[recent.length - limit]!;
  return Math.max(1000, blocking.getTime() + REGISTRATION_WINDOW_MS - now.getTime());
}

export function registrationWindowStart(now: Date): Date {
  return new Date(now.getTime() - REGISTRATION_WINDOW_MS);
}

export function loginWindowStart(now: Date): Date {
  return new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS);
}

export function sessionExpiry(now: Date): Date {
  return new Date(now.getTime() + SESSION_IDLE_MS);
}

/** True when the stored expiry is old enough that sliding it forward is worth a write. */
export function sessionNeedsRefresh(expiresAt: Date, now: Date): boolean {
  return sessionExpiry(now).getTime() - expiresAt.getTime() >= SESSION_REFRESH_EVERY_MS;
}
