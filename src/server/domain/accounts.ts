/** Pure account rules of DESIGN §4: no I/O, no clock; callers pass `now`. */

export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
/** A session's expiry is pushed forward at most this often, so reads stay reads. */
export const SESSION_REFRESH_EVERY_MS = 60 * 60 * 1000;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_MAX_FAILURES = 10;

/** Usernames are unique ignoring case; throttling and look-ups use this key. */
export function usernameKey(username: string): string {
  return username.trim().toLowerCase();
}

/** After LOGIN_MAX_FAILURES failures inside the window, further attempts are refused. */
export function isLoginThrottled(recentFailures: number): boolean {
  return recentFailures >= LOGIN_MAX_FAILURES;
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
