import { describe, expect, it } from 'vitest';
import { joinErrorTitle } from './join-error';

describe('joinErrorTitle', () => {
  it('titles join errors', () => {
    expect(joinErrorTitle('PvP cooldown: wait 40s')).toBe('PvP Cooldown');
    expect(joinErrorTitle('Already in queue')).toBe('Queue Failed');
  });
});
