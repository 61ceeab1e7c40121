import { describe, expect, it } from 'vitest';
import { CLASSES, CLASS_IDS, type ClassId, type Stats } from '@common/characters';
import { formatLog } from '@common/battle-text';
import type { Fighter } from './battle';
import { runAiBattle } from './engine-replay';
import { CURRENT_TUNING, statsAtLevel } from './classes';
import { SKILL_CATALOGUE } from './skill-catalogue-data';
import { SKILL_TYPES, type SkillDefinition, canLearn, cooldownTurns, multiplierAtLevel, skillLoadout } from './skills';

const skill = (over: Partial<SkillDefinition> = {}): SkillDefinition => ({
  key: 'test_skill',
  name: 'Test Skill',
  description: 'A skill for tests.',
  type: 'active',
  class: 'warrior',
  baseCost: 2,
  maxLevel: 3,
  requiredLevel: 5,
  effects: { damageMultiplier: 1.5, statBonus: {}, cooldown: 9 },
  ...over,
});

describe('canLearn', () => {
  const ready = { class: 'warrior' as ClassId, level: 5, skillPoints: 2 };

  it('allows a skill of the own class with the level and the points', () => {
    expect(canLearn(skill(), ready, false)).toEqual({ ok: true });
    expect(canLearn(skill(), { ...ready, level: 30, skillPoints: 9 }, false)).toEqual({ ok: true });
  });

  it.each([
    ['another class', skill({ class: 'mage' }), ready, false, 'This skill belongs to the mage class'],
    ['a learned skill', skill(), ready, true, 'Skill already learned'],
    ['too low a level', skill(), { ...ready, level: 4 }, false, 'Requires level 5'],
    ['too few points', skill(), { ...ready, skillPoints: 1 }, false, 'Not enough skill points'],
  ])('refuses %s', (_what, s, character, learned, message) => {
    expect(canLearn(s, character, learned)).toEqual({ ok: false, message });
  });

  it('names the first unmet rule: class, then learned, then level, then points', () => {
    const broke = { class: 'rogue' as ClassId, level: 1, skillPoints: 0 };
    expect(canLearn(skill(), broke, true)).toEqual({ ok: false, message: 'This skill belongs to the warrior class' });
    expect(canLearn(skill(), { ...broke, class: 'warrior' }, true)).toEqual({ ok: false, message: 'Skill already learned' });
    expect(canLearn(skill(), { ...broke, class: 'warrior' }, false)).toEqual({ ok: false, message: 'Requires level 5' });
  });
});

describe('skillLoadout', () => {
  it('is empty without skills', () => {
    expect(skillLoadout([])).toEqual({ bonus: {}, abilities: [] });
  });

  it('adds passive bonuses times the learned level and turns the rest into abilities', () => {
    const loadout = skillLoadout([
      { skill: skill({ type: 'passive', effects: { damageMultiplier: 1, statBonus: { defense: 3 }, cooldown: 0 } }), level: 2 },
      { skill: skill({ type: 'passive', effects: { damageMultiplier: 1, statBonus: { defense: 1, speed: 2 }, cooldown: 0 } }), level: 1 },
      { skill: skill({ name: 'Null Bolt', effects: { damageMultiplier: 1.4, statBonus: {}, cooldown: 9 } }), level: 1 },
      { skill: skill({ name: 'Stack Overflow', type: 'ultimate', effects: { damageMultiplier: 2.2, statBonus: {}, cooldown: 16 } }), level: 3 },
    ]);
    expect(loadout.bonus).toEqual({ defense: 7, speed: 2 });
    expect(loadout.abilities).toEqual([
      { name: 'Null Bolt', damageMultiplier: 1.4, cooldownTurns: 3, kind: 'active', level: 1 },
      { name: 'Stack Overflow', damageMultiplier: 2.3, cooldownTurns: 6, kind: 'ultimate', level: 3 },
    ]);
  });

  it('converts cooldown seconds to engine turns of 3 s, rounding up', () => {
    expect([0, 1, 3, 6, 7, 9, 12, 15, 30].map(cooldownTurns)).toEqual([0, 1, 1, 2, 3, 3, 4, 5, 10]);
  });

  it('grows ability multipliers slightly with level', () => {
    expect(multiplierAtLevel(1.4, 1)).toBe(1.4);
    expect(multiplierAtLevel(1.4, 2)).toBe(1.45);
    expect(multiplierAtLevel(1.4, 5)).toBe(1.6);
  });
});

describe('skill catalogue', () => {
  const keys = SKILL_CATALOGUE.map((s) => s.key);

  it('has unique keys and names', () => {
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(SKILL_CATALOGUE.map((s) => s.name)).size).toBe(keys.length);
  });

  it.each(CLASS_IDS)('gives %s at least 2 passives, 2 actives and 1 ultimate, some learnable early', (classId) => {
    const own = SKILL_CATALOGUE.filter((s) => s.class === classId);
    const count = (type: string) => own.filter((s) => s.type === type).length;
    expect(count('passive')).toBeGreaterThanOrEqual(2);
    expect(count('active')).toBeGreaterThanOrEqual(2);
    expect(count('ultimate')).toBeGreaterThanOrEqual(1);
    expect(own.some((s) => s.type === 'passive' && s.requiredLevel <= 2)).toBe(true);
    expect(own.some((s) => s.type === 'active' && s.requiredLevel <= 2)).toBe(true);
    // A character reaches level 2 with one skill point: something must cost exactly that.
    expect(own.some((s) => s.requiredLevel <= 2 && s.baseCost === 1)).toBe(true);
  });

  it('keeps every entry within the design ranges', () => {
    for (const s of SKILL_CATALOGUE) {
      expect(SKILL_TYPES).toContain(s.type);
      expect(s.requiredLevel).toBeGreaterThanOrEqual(1);
      expect(s.requiredLevel).toBeLessThanOrEqual(30);
      expect(s.baseCost).toBeGreaterThanOrEqual(1);
      expect(s.baseCost).toBeLessThanOrEqual(3);
      expect(s.maxLevel).toBeGreaterThanOrEqual(1);
      expect(s.maxLevel).toBeLessThanOrEqual(5);
      expect(s.key).toMatch(/^[a-z0-9_]+$/);
      expect(s.description.length).toBeGreaterThan(0);
      const { damageMultiplier, statBonus, cooldown } = s.effects;
      if (s.type === 'passive') {
        expect(damageMultiplier).toBe(1);
        expect(cooldown).toBe(0);
        expect(Object.values(statBonus).some((v) => v > 0)).toBe(true);
      } else {
        expect(damageMultiplier).toBeGreaterThanOrEqual(1.25);
        expect(damageMultiplier).toBeLessThanOrEqual(2.75);
        expect(statBonus).toEqual({});
        if (s.type === 'active') {
          expect(cooldown).toBeGreaterThanOrEqual(6);
          expect(cooldown).toBeLessThanOrEqual(12);
        } else {
          expect(s.baseCost).toBe(3);
          expect(cooldown).toBeGreaterThanOrEqual(15);
          expect(cooldown).toBeLessThanOrEqual(30);
        }
      }
    }
  });
});

/** A class at a level with every catalogue skill it can have learned by then. */
function skilledFighter(classId: ClassId, level: number): Fighter {
  const learned = SKILL_CATALOGUE.filter((s) => s.class === classId && s.requiredLevel <= level).map((s) => ({
    skill: s,
    level: 1,
  }));
  const { bonus, abilities } = skillLoadout(learned);
  const base = statsAtLevel(classId, level);
  const stats = Object.fromEntries(
    (Object.keys(base) as (keyof Stats)[]).map((k) => [k, base[k] + (bonus[k] ?? 0)]),
  ) as unknown as Stats;
  return { name: CLASSES[classId].name, class: classId, level, stats, abilities, tuning: CURRENT_TUNING };
}

describe('skills in battle', () => {
  // How much skills may tip a fight is checked with the loadouts players typically have
  // (balance.test.ts, `npm run balance`); here, that the engine uses them.
  it('uses the abilities in battle: the log names them', () => {
    const mage = skilledFighter('mage', 10);
    const tank = skilledFighter('tank', 10);
    const names = (mage.abilities ?? []).map((a) => a.name);
    expect(names).toEqual(['Null Bolt', 'Recursive Hex']);
    let mentioned = 0;
    for (let seed = 1; seed <= 20; seed++) {
      const log = formatLog(runAiBattle('pve', [mage, tank], seed).events);
      if (log.some((e) => e.actor === 0 && names.some((n) => e.message.includes(n)))) mentioned++;
    }
    // Mages cannot be dodged, so their opening ability always lands and is logged.
    expect(mentioned).toBe(20);
  });
});
