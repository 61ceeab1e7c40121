import { describe, expect, it } from 'vitest';
import {
  LOGIN_MAX_FAILURES,
  SESSION_IDLE_MS,
  isLoginThrottled,
  loginWindowStart,
  sessionExpiry,
  sessionNeedsRefresh,
  usernameKey,
} from './accounts';

describe('account rules', () => {
  it('keys usernames without case or surrounding space', () => {
    expect(usernameKey('  NeoGlitch ')).toBe('neoglitch');
  });

  it('throttles from the tenth recent failure on', () => {
    expect(LOGIN_MAX_FAILURES).toBe(10);
    expect(isLoginThrottled(9)).toBe(false);
    expect(isLoginThrottled(10)).toBe(true);
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
