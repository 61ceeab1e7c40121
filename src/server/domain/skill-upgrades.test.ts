import { describe, expect, it } from 'vitest';
import { CLASS_IDS, type ClassId } from '@common/characters';
import type { Fighter } from './battle';
import { CURRENT_TUNING, statsAtLevel } from './classes';
import { runAiBattle } from './engine-replay';
import { SKILL_POINTS_PER_LEVEL } from './progression';
import { SKILL_CATALOGUE } from './skill-catalogue-data';
import { canUpgrade, skillLoadout, upgradeCost, upgradeRequiredLevel, type SkillDefinition } from './skills';

const skill = { baseCost: 2, maxLevel: 3, requiredLevel: 6 };

describe('upgrading a learned skill', () => {
  it('costs base cost × current level and needs 3 more character levels per skill level', () => {
    expect([1, 2, 3, 4].map((level) => upgradeCost({ baseCost: 1 }, level))).toEqual([1, 2, 3, 4]);
    expect([1, 2].map((level) => upgradeCost(skill, level))).toEqual([2, 4]);
    expect([1, 2].map((level) => upgradeRequiredLevel(skill, level))).toEqual([9, 12]);
  });

  it('allows it with the level and the points, below the max level', () => {
    expect(canUpgrade(skill, { level: 9, skillPoints: 2 }, 1)).toEqual({ ok: true });
    expect(canUpgrade(skill, { level: 30, skillPoints: 4 }, 2)).toEqual({ ok: true });
  });

  it('names the first unmet rule: max level, then character level, then points', () => {
    expect(canUpgrade(skill, { level: 1, skillPoints: 0 }, 3)).toEqual({ ok: false, message: 'Skill is already at max level' });
    expect(canUpgrade(skill, { level: 8, skillPoints: 0 }, 1)).toEqual({ ok: false, message: 'Requires level 9 to upgrade this skill' });
    expect(canUpgrade(skill, { level: 12, skillPoints: 3 }, 2)).toEqual({ ok: false, message: 'Not enough skill points' });
  });
});

/** Skill points a class can spend by `level`: every learn and upgrade its level allows. */
function sinkAt(own: readonly SkillDefinition[], level: number): number {
  let sum = 0;
  for (const s of own) {
    if (s.requiredLevel > level) continue;
    sum += s.baseCost;
    for (let lv = 1; lv < s.maxLevel; lv++) if (upgradeRequiredLevel(s, lv) <= level) sum += upgradeCost(s, lv);
  }
  return sum;
}

describe('skill points always have somewhere to go', () => {
  it.each(CLASS_IDS)('%s can spend every point it has earned, at every level up to 30', (classId) => {
    const own = SKILL_CATALOGUE.filter((s) => s.class === classId);
    for (let level = 1; level <= 30; level++) {
      const earned = SKILL_POINTS_PER_LEVEL * (level - 1);
      expect(sinkAt(own, level), `${classId} at level ${level}`).toBeGreaterThanOrEqual(earned);
    }
    // Everything the catalogue offers, against the 29 points a level-30 fighter has earned.
    expect(sinkAt(own, Number.MAX_SAFE_INTEGER)).toBeGreaterThanOrEqual(SKILL_POINTS_PER_LEVEL * 29 + 10);
  });
});

describe('an upgraded skill in the battle engine', () => {
  const at = (level: number): Fighter => {
    const bolt = SKILL_CATALOGUE.find((s) => s.key === 'mage_null_bolt')!;
    const { abilities } = skillLoadout([{ skill: bolt, level }]);
    return { name: 'Caster', class: 'mage', level: 10, stats: statsAtLevel('mage', 10), abilities, tuning: CURRENT_TUNING };
  };
  const target: Fighter = { name: 'Wall', class: 'tank' as ClassId, level: 10, stats: statsAtLevel('tank', 10), tuning: CURRENT_TUNING };

  /** Damage of the caster's first Null Bolt that lands, if one does. */
  const boltDamage = (caster: Fighter, seed: number) => {
    const { events } = runAiBattle('pve', [caster, target], seed);
    const hit = events.find((e) => e.type === 'hit' && e.actor === 0 && e.ability?.name === 'Null Bolt');
    return hit?.type === 'hit' ? hit.damage : undefined;
  };

  it('hits harder at a higher level, with the same rolls', () => {
    let compared = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const low = boltDamage(at(1), seed);
      const high = boltDamage(at(5), seed);
      if (low === undefined || high === undefined) continue;
      compared++;
      expect(high, `seed ${seed}`).toBeGreaterThan(low);
    }
    expect(compared).toBeGreaterThan(20);
  });

  it('keeps the level on the ability, so the stored fighter says what it fought with', () => {
    expect(at(4).abilities).toEqual([expect.objectContaining({ name: 'Null Bolt', level: 4 })]);
    expect(at(4).abilities![0]!.damageMultiplier).toBeGreaterThan(at(1).abilities![0]!.damageMultiplier);
  });
});
