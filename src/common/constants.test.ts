import { describe, expect, it } from 'vitest';
import { formatCredits, groupDigits } from './constants';

describe('groupDigits', () => {
  it('writes whole numbers as en-US toLocaleString does', () => {
    for (const n of [0, 7, 999, 1000, 2500, 12_345, 999_999, 1_000_000, 123_456_789, -1, -1234, -1_000_000, Number.MAX_SAFE_INTEGER]) {
      expect(groupDigits(n)).toBe(n.toLocaleString('en-US'));
    }
  });

  it('leaves a fraction to the locale formatter', () => {
    expect(groupDigits(1234.5678)).toBe((1234.5678).toLocaleString('en-US'));
  });

  it('formats a missing balance as 0', () => {
    expect(formatCredits(undefined)).toBe('0');
    expect(formatCredits(2500)).toBe('2,500');
  });
});
