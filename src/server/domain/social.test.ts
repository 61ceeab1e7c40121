import { describe, expect, it } from 'vitest';
import { SOCIAL_WINDOW_MS, socialWaitMs } from './social';

describe('socialWaitMs', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);
  it('lets an action through below the limit', () => {
    expect(socialWaitMs([ago(10_000)], 2, now)).toBe(0);
  });
  it('waits until the action that blocks leaves the hour', () => {
    expect(socialWaitMs([ago(50 * 60_000), ago(10 * 60_000)], 2, now)).toBe(10 * 60_000);
    expect(socialWaitMs([ago(SOCIAL_WINDOW_MS - 10)], 1, now)).toBe(1000);
  });
});
