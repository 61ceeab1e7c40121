import { describe, expect, it } from 'vitest';
import { waitText } from './queue-wait';

describe('the wait while searching for a duel', () => {
  it('counts the time waited up and the estimate down, then says nobody fits yet', () => {
    const since = 1_000_000;
    const ends = since + 20_000;
    expect(waitText(since, since, ends)).toBe('Waited 0s · paired the moment someone fits; a ghost of your level in ~20s if one fits');
    expect(waitText(since + 7_400, since, ends)).toBe('Waited 7s · paired the moment someone fits; a ghost of your level in ~13s if one fits');
    expect(waitText(since + 25_000, since, ends)).toBe('Waited 25s · no fighter of your level and power yet: still searching');
    expect(waitText(since + 3_000, since, null)).toBe('Waited 3s');
  });
});
