import { describe, expect, it } from 'vitest';
import {
  SESSION_IDLE_MS,
  isLoginThrottled,
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
    expect(isLoginThrottled({ account: 9, address: 9 })).toBe(false);
    expect(isLoginThrottled({ account: 10, address: 10 })).toBe(true);
    expect(isLoginThrottled({ account: 0, address: 99 })).toBe(false);
    expect(isLoginThrottled({ account: 0, address: 100 })).toBe(true);
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
