import { describe, expect, it } from 'vitest';
import {
  SESSION_IDLE_MS,
  isLoginThrottled,
  loginDelayMs,
  loginWindowStart,
  registrationWaitMs,
  sessionExpiry,
  sessionNeedsRefresh,
  usernameKey,
} from './accounts';

describe('account rules', () => {
  it('keys usernames without case or surrounding space', () => {
    expect(usernameKey('  NeoGlitch ')).toBe('neoglitch');
  });

  it('refuses an address from its tenth failure on one account, or its hundredth over all', () => {
    expect(isLoginThrottled({ account: 9, address: 9, everywhere: 9 })).toBe(false);
    expect(isLoginThrottled({ account: 10, address: 10, everywhere: 10 })).toBe(true);
    expect(isLoginThrottled({ account: 0, address: 99, everywhere: 0 })).toBe(false);
    expect(isLoginThrottled({ account: 0, address: 100, everywhere: 0 })).toBe(true);
  });

  it('at the account ceiling of 20 failures, refuses an address from its third failure on the account, never one without', () => {
    expect(isLoginThrottled({ account: 3, address: 3, everywhere: 19 })).toBe(false);
    expect(isLoginThrottled({ account: 2, address: 2, everywhere: 20 })).toBe(false);
    expect(isLoginThrottled({ account: 3, address: 3, everywhere: 20 })).toBe(true);
    expect(isLoginThrottled({ account: 0, address: 0, everywhere: 5000 })).toBe(false);
  });

  it('makes attempts on an account at its ceiling wait half a second more per failure, up to 10 s', () => {
    expect(loginDelayMs(0)).toBe(0);
    expect(loginDelayMs(19)).toBe(0);
    expect(loginDelayMs(20)).toBe(500);
    expect(loginDelayMs(29)).toBe(5000);
    expect(loginDelayMs(39)).toBe(10_000);
    expect(loginDelayMs(40)).toBe(10_000);
    expect(loginDelayMs(1_000_000)).toBe(10_000);
  });

  it('lets an address register again once the oldest blocking registration leaves the hour', () => {
    const now = new Date('2026-01-01T12:00:00Z');
    const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000);
    const recent = [at(50), at(40), at(30), at(20), at(10)];
    expect(registrationWaitMs(recent.slice(1), 5, now)).toBe(0);
    expect(registrationWaitMs(recent, 5, now)).toBe(10 * 60_000);
    expect(registrationWaitMs(recent, 3, now)).toBe(30 * 60_000);
    expect(registrationWaitMs(recent, 0, now)).toBe(0);
  });

  it('looks back fifteen minutes for failures', () => {
    const now = new Date('2026-01-01T12:00:00Z');
    expect(loginWindowStart(now).toISOString()).toBe('2026-01-01T11:45:00.000Z');
  });

  it('expires sessions after seven idle days and slides them at most hourly', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(sessionExpiry(now).getTime() - now.getTime()).toBe(SESSION_IDLE_MS);
    expect(sessionNeedsRefresh(sessionExpiry(now), now)).toBe(false);
    const later = new Date(now.getTime() + 59 * 60 * 1000);
    expect(sessionNeedsRefresh(sessionExpiry(now), later)).toBe(false);
    const hourLater = new Date(now.getTime() + 60 * 60 * 1000);
    expect(sessionNeedsRefresh(sessionExpiry(now), hourLater)).toBe(true);
  });
});
