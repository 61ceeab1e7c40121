import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CLASS_IDS } from '@common/characters';
import { statsAtLevel } from './classes';
import { ENEMY_NAMES, rollEnemy } from './enemies';
import { createRng } from './rng';

describe('enemy rolls', () => {
  it('rolls a level within one of the player level, never below 1', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 1, max: 200 }), (seed, around) => {
        const enemy = rollEnemy(createRng(seed), around);
        expect(enemy.level).toBeGreaterThanOrEqual(Math.max(1, around - 1));
        expect(enemy.level).toBeLessThanOrEqual(around + 1);
      }),
    );
  });

  it('gives the enemy its class stats and a name of its class', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 1, max: 60 }), (seed, around) => {
        const enemy = rollEnemy(createRng(seed), around);
        expect(enemy.stats).toEqual(statsAtLevel(enemy.class, enemy.level));
        expect(ENEMY_NAMES[enemy.class]).toContain(enemy.name);
      }),
    );
  });

  it('is the same enemy for the same seed', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 1, max: 60 }), (seed, around) => {
        expect(rollEnemy(createRng(seed), around)).toEqual(rollEnemy(createRng(seed), around));
      }),
    );
  });

  it('covers every class, all three levels and distinct names', () => {
    const classes = new Set<string>();
    const levels = new Set<number>();
    for (let seed = 0; seed < 300; seed++) {
      const enemy = rollEnemy(createRng(seed), 10);
      classes.add(enemy.class);
      levels.add(enemy.level);
    }
    expect(classes.size).toBe(CLASS_IDS.length);
    expect([...levels].sort((a, b) => a - b)).toEqual([9, 10, 11]);
    const names = Object.values(ENEMY_NAMES).flat();
    expect(new Set(names).size).toBe(names.length);
  });
});
