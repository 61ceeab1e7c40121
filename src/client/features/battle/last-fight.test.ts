import { describe, expect, it } from 'vitest';
import { LAST_FIGHT_KEY, forgetUnshownFight, keepUnshownFight, takeUnshownFight, type UnshownFight } from './last-fight';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
    items,
  };
}

const fight: UnshownFight = {
  fighterName: 'Neon Byte',
  enemyName: 'Glitch Rat',
  outcome: { result: 'victory', line: 'Victory! +30 XP, +25 credits', drops: null, levelsGained: 0, level: 1, replayId: 7, firstDefeat: false },
};

describe('an unshown fight', () => {
  it('is given back once after a reload, then forgotten', () => {
    const storage = memoryStorage();
    keepUnshownFight(fight, storage);
    expect(takeUnshownFight(storage)).toEqual(fight);
    expect(takeUnshownFight(storage)).toBeNull();
  });

  it('is forgotten once its outcome was shown', () => {
    const storage = memoryStorage();
    keepUnshownFight(fight, storage);
    forgetUnshownFight(storage);
    expect(takeUnshownFight(storage)).toBeNull();
  });

  it('ignores anything unreadable and drops it', () => {
    const storage = memoryStorage();
    storage.setItem(LAST_FIGHT_KEY, '{not json');
    expect(takeUnshownFight(storage)).toBeNull();
    storage.setItem(LAST_FIGHT_KEY, JSON.stringify({ fighterName: 'A', enemyName: 'B', outcome: { result: 'draw' } }));
    expect(takeUnshownFight(storage)).toBeNull();
    expect(storage.items.size).toBe(0);
  });

  it('works without a storage', () => {
    expect(() => keepUnshownFight(fight, undefined)).not.toThrow();
    expect(takeUnshownFight(undefined)).toBeNull();
  });
});
