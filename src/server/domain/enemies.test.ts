import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CLASS_IDS, powerLevel } from '@common/characters';
import { statsAtLevel } from './classes';
import {
  CLASS_ENEMY_POWER,
  DEFAULT_THREAT,
  ENEMY_NAMES,
  FAIR_START_BATTLES,
  FAIR_START_POWER,
  THREATS,
  THREAT_POWER,
  enemyFor,
  type EnemyTarget,
  fighterPower,
  threatOf,
} from './enemies';
import { createRng } from './rng';

describe('enemy rolls', () => {
  const target = (level: number, battles = FAIR_START_BATTLES): EnemyTarget => ({
    fighter: { level, stats: statsAtLevel('rogue', level), abilities: [] },
    battles,
  });

  it('is the same enemy for the same seed', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 1, max: 60 }), fc.constantFrom(...THREATS), (seed, level, threat) => {
        expect(enemyFor(createRng(seed), target(level), threat)).toEqual(enemyFor(createRng(seed), target(level), threat));
      }),
    );
  });

  it('covers every class with distinct names of its class, never below level 1', () => {
    const classes = new Set<string>();
    for (let seed = 0; seed < 300; seed++) {
      const enemy = enemyFor(createRng(seed), target(1), 'Low');
      classes.add(enemy.class);
      expect(enemy.level).toBe(1);
      expect(ENEMY_NAMES[enemy.class]).toContain(enemy.name);
    }
    expect(classes.size).toBe(CLASS_IDS.length);
    const names = Object.values(ENEMY_NAMES).flat();
    expect(new Set(names).size).toBe(names.length);
  });

  it("keeps the enemy class's shape: its stats are its class curve scaled", () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 1, max: 60 }), (seed, level) => {
        const enemy = enemyFor(createRng(seed), target(level), 'Even');
        const curve = statsAtLevel(enemy.class, enemy.level);
        const top = (s: typeof curve) => (Object.keys(s) as (keyof typeof s)[]).reduce((a, b) => (s[b] > s[a] ? b : a));
        expect(enemy.stats[top(curve)]).toBe(Math.max(...Object.values(enemy.stats)));
      }),
    );
  });
});

describe('enemies for a fighter', () => {
  const fighter = (level: number): EnemyTarget['fighter'] => ({ level, stats: statsAtLevel('warrior', level), abilities: [] });

  it('rolls tuned enemies for the first five battles whatever threat is asked, weaker than the fighter', () => {
    expect(FAIR_START_POWER).toHaveLength(FAIR_START_BATTLES);
    for (let battles = 0; battles < FAIR_START_BATTLES; battles++) {
      expect(FAIR_START_POWER[battles]!).toBeLessThan(1);
      if (battles > 0) expect(FAIR_START_POWER[battles]!).toBeGreaterThanOrEqual(FAIR_START_POWER[battles - 1]!);
      for (const threat of THREATS) {
        const enemy = enemyFor(createRng(battles * 7 + 1), { fighter: fighter(2), battles }, threat);
        // Labelled by the share it was tuned to: the first ones 'Low', the last ones close to even.
        expect(enemy.threat).toBe(threatOf(FAIR_START_POWER[battles]!, 1));
        expect(enemy.threat).not.toBe('High');
        expect(enemy.level).toBe(2);
        const share = powerLevel(enemy.stats) / powerLevel(fighter(2).stats);
        expect(Math.abs(share - FAIR_START_POWER[battles]!)).toBeLessThan(0.04);
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

  it('rolls at the default threat, Low, when none is asked, with a weaker enemy than Even at the same level', () => {
    expect(DEFAULT_THREAT).toBe('Low');
    expect(THREAT_POWER.Low).toBeLessThan(THREAT_POWER.Even);
    expect(THREAT_POWER.Even).toBeLessThan(THREAT_POWER.High);
    const me = fighter(6);
    const rolled = enemyFor(createRng(4), { fighter: me, battles: FAIR_START_BATTLES });
    expect(rolled).toEqual(enemyFor(createRng(4), { fighter: me, battles: FAIR_START_BATTLES }, 'Low'));
    expect(rolled.threat).toBe('Low');
    expect(rolled.level).toBe(6);
  });

  it("scales every enemy by the fighter's class share, fair start included", () => {
    for (const classId of CLASS_IDS) {
      expect(CLASS_ENEMY_POWER[classId]).toBeGreaterThan(0.85);
      expect(CLASS_ENEMY_POWER[classId]).toBeLessThan(1.15);
      const me = { class: classId, level: 8, stats: statsAtLevel(classId, 8), abilities: [] };
      const share = (battles: number) => powerLevel(enemyFor(createRng(9), { fighter: me, battles }, 'Even').stats) / fighterPower(me);
      expect(Math.abs(share(FAIR_START_BATTLES) - CLASS_ENEMY_POWER[classId])).toBeLessThan(0.02);
      expect(Math.abs(share(0) - CLASS_ENEMY_POWER[classId] * FAIR_START_POWER[0]!)).toBeLessThan(0.03);
    }
  });

  it('labels an enemy by its power against the fighter', () => {
    expect(threatOf(80, 100)).toBe('Low');
    expect(threatOf(100, 100)).toBe('Even');
    expect(threatOf(120, 100)).toBe('High');
  });
});
