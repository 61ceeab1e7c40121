/** Pure account rules of DESIGN §4: no I/O, no clock; callers pass `now`. */

export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
/** A session's expiry is pushed forward at most this often, so reads stay reads. */
export const SESSION_REFRESH_EVERY_MS = 60 * 60 * 1000;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
/** Failures of one account from one address before that address is refused for the account. */
export const LOGIN_MAX_FAILURES = 10;
/** Failures from one address over all accounts before it is refused altogether (password spraying). */
export const LOGIN_MAX_FAILURES_PER_ADDRESS = 100;
/**
 * Failures of one account over every address at which the account's ceiling engages (a guesser
 * spread over many addresses): from then on every attempt on it waits, and an address that has
 * already failed LOGIN_MAX_FAILURES_UNDER_CEILING times on it is refused.
 */
export const LOGIN_ACCOUNT_CEILING = 20;
export const LOGIN_MAX_FAILURES_UNDER_CEILING = 3;
/** The wait grows by this much per failure at or past the ceiling... */
export const LOGIN_DELAY_STEP_MS = 500;
/** ...up to this. */
export const LOGIN_MAX_DELAY_MS = 10_000;
/** Failures of an account over every address worth counting: past this nothing changes. */
export const LOGIN_ACCOUNT_COUNT_LIMIT = LOGIN_ACCOUNT_CEILING + LOGIN_MAX_DELAY_MS / LOGIN_DELAY_STEP_MS;
/** Attempts on one account that may wait at once on one instance (one per address); more are 429. */
export const LOGIN_MAX_WAITING_PER_ACCOUNT = 5;
/** Attempts that may wait at once on one instance, over all accounts. */
export const LOGIN_MAX_WAITING = 500;
export const REGISTRATION_WINDOW_MS = 60 * 60 * 1000;

/** Usernames are unique ignoring case; throttling and look-ups use this key (common/usernames.ts). */
export { usernameKey } from '@common/usernames';

/** Failed logins inside the window: of this account from this address, from this address, of this account from anywhere. */
export interface LoginFailureCounts {
  account: number;
  address: number;
  everywhere: number;
}

/**
 * Whether an address may try a password now: refused after LOGIN_MAX_FAILURES failures of this
 * account from this address, or LOGIN_MAX_FAILURES_PER_ADDRESS failures of any account from it,
 * or, once the account is at its ceiling, LOGIN_MAX_FAILURES_UNDER_CEILING failures of it from
 * this address, inside the window. An address that has not failed on the account is never
 * refused for it, so a stranger cannot lock the owner out.
 */
export function isLoginThrottled(failures: LoginFailureCounts): boolean {
  if (failures.account >= LOGIN_MAX_FAILURES || failures.address >= LOGIN_MAX_FAILURES_PER_ADDRESS) return true;
  return failures.everywhere >= LOGIN_ACCOUNT_CEILING && failures.account >= LOGIN_MAX_FAILURES_UNDER_CEILING;
}

/**
 * How long an attempt on the account waits before its password is checked: nothing below the
 * ceiling, then LOGIN_DELAY_STEP_MS more per failure, up to LOGIN_MAX_DELAY_MS.
 */
export function loginDelayMs(everywhere: number): number {
  if (everywhere < LOGIN_ACCOUNT_CEILING) return 0;
  return Math.min(LOGIN_MAX_DELAY_MS, LOGIN_DELAY_STEP_MS * (everywhere - LOGIN_ACCOUNT_CEILING + 1));
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
