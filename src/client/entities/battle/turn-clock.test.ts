import { describe, expect, it } from 'vitest';
import { secondsLeft } from './turn-clock';

describe('secondsLeft', () => {
  const at = Date.parse('2026-01-01T00:00:30.000Z');
  it('counts down whole seconds to an ISO deadline', () => {
    expect(secondsLeft('2026-01-01T00:00:30.000Z', at - 29_500)).toBe(30);
    expect(secondsLeft('2026-01-01T00:00:30.000Z', at - 29_001)).toBe(30);
    expect(secondsLeft('2026-01-01T00:00:30.000Z', at - 1)).toBe(1);
    expect(secondsLeft('2026-01-01T00:00:30.000Z', at + 10)).toBe(0);
  });

  it('takes epoch milliseconds too, and reads nothing as 0', () => {
    expect(secondsLeft(at, at - 4_200)).toBe(5);
    expect(secondsLeft(null, at)).toBe(0);
    expect(secondsLeft('not a date', at)).toBe(0);
  });
});
