import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CLASS_IDS, powerLevel } from '@common/characters';
import { statsAtLevel } from './classes';
import {
  ENEMY_NAMES,
  FAIR_START_BATTLES,
  FAIR_START_POWER,
  THREATS,
  THREAT_POWER,
  enemyFor,
  type EnemyTarget,
  fighterPower,
  rollEnemy,
  threatOf,
} from './enemies';
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

describe('enemies for a fighter', () => {
  const fighter = (level: number): EnemyTarget['fighter'] => ({ level, stats: statsAtLevel('warrior', level), abilities: [] });

  it('rolls tuned Low enemies for the first five battles, whatever threat is asked', () => {
    for (let battles = 0; battles < FAIR_START_BATTLES; battles++) {
      for (const threat of THREATS) {
        const enemy = enemyFor(createRng(battles * 7 + 1), { fighter: fighter(2), battles }, threat);
        expect(enemy.threat).toBe('Low');
        expect(enemy.level).toBe(2);
        const share = powerLevel(enemy.stats) / powerLevel(fighter(2).stats);
        expect(share).toBeCloseTo(FAIR_START_POWER[battles]!, 1);
      }
    }
  });

  it('matches the fighter power at the threat asked after the fair start', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 1, max: 60 }), fc.constantFrom(...THREATS), (seed, level, threat) => {
        const me = fighter(level);
        const enemy = enemyFor(createRng(seed), { fighter: me, battles: FAIR_START_BATTLES }, threat);
        expect(enemy.threat).toBe(threat);
        expect(Math.abs(powerLevel(enemy.stats) - fighterPower(me) * THREAT_POWER[threat])).toBeLessThanOrEqual(3);
        expect(ENEMY_NAMES[enemy.class]).toContain(enemy.name);
      }),
    );
  });

  it('counts gear and skills in the fighter power', () => {
    const plain = fighter(10);
    const geared = { ...plain, stats: { ...plain.stats, attack: plain.stats.attack + 30 } };
    const skilled = { ...plain, abilities: [{ name: 'Cleave', damageMultiplier: 1.6, cooldownTurns: 3, kind: 'active' as const }] };
    expect(fighterPower(geared)).toBe(fighterPower(plain) + 30);
    expect(fighterPower(skilled)).toBeGreaterThan(fighterPower(plain) * 1.1);
    const against = (me: typeof plain) => powerLevel(enemyFor(createRng(3), { fighter: me, battles: 9 }, 'Even').stats);
    expect(against(geared)).toBeGreaterThan(against(plain));
    expect(against(skilled)).toBeGreaterThan(against(plain));
  });

  it('labels an enemy by its power against the fighter', () => {
    expect(threatOf(80, 100)).toBe('Low');
    expect(threatOf(100, 100)).toBe('Even');
    expect(threatOf(120, 100)).toBe('High');
  });
});
