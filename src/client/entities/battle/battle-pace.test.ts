import { describe, expect, it } from 'vitest';
import { BATTLE_PACE_KEY, SPEC_PACE, battlePace, parsePace } from './battle-pace';

describe('battle pace', () => {
  it('is the spec pace unless the page was given another', () => {
    expect(battlePace({ getItem: () => null })).toEqual(SPEC_PACE);
    expect(battlePace(undefined)).toEqual(SPEC_PACE);
  });

  it('reads a stored pace, each field on its own', () => {
    const stored = (value: string) => ({ getItem: (key: string) => (key === BATTLE_PACE_KEY ? value : null) });
    expect(battlePace(stored('{"stepMs":40,"nextEnemyMs":80}'))).toEqual({ stepMs: 40, nextEnemyMs: 80 });
    expect(parsePace('{"stepMs":0}')).toEqual({ stepMs: 0, nextEnemyMs: 2000 });
    expect(parsePace('{"stepMs":-5,"nextEnemyMs":"fast"}')).toEqual(SPEC_PACE);
    expect(parsePace('{"stepMs":1e9}').stepMs).toBe(60_000);
    expect(parsePace('not json')).toEqual(SPEC_PACE);
    expect(parsePace('[1]')).toEqual(SPEC_PACE);
  });

  it('a storage that throws (blocked by the browser) gives the spec pace', () => {
    expect(battlePace({ getItem: () => { throw new Error('blocked'); } })).toEqual(SPEC_PACE);
  });
});
