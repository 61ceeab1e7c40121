import { describe, expect, it } from 'vitest';
import type { LearnedSkillView, SkillView } from '@common/economy-api';
import {
  damageBonusPercent,
  emptySkillsText,
  learnButtonState,
  learnCheck,
  learnedById,
  skillCardState,
  skillEffectLines,
  skillsOfType,
  upgradeButtonState,
} from './skill-rules';

function skill(over: Partial<SkillView> = {}): SkillView {
  return {
    id: 1,
    key: 'power_strike',
    name: 'Power Strike',
    description: 'Hit hard',
    type: 'active',
    class: 'warrior',
    baseCost: 2,
    maxLevel: 3,
    prerequisites: { level: 3 },
    effects: { damageMultiplier: 1.5, statBonus: {}, cooldown: 9 },
    ...over,
  };
}

describe('learnButtonState (equipment screen)', () => {
  const s = skill();
  it('reads Already Learned once learned', () => {
    expect(learnButtonState(s, { learned: true, points: 10, level: 10 })).toEqual({
      label: 'Already Learned',
      disabled: true,
      hint: null,
    });
  });

  it('reads Learn Skill when points and level suffice', () => {
    expect(learnButtonState(s, { learned: false, points: 2, level: 3 })).toEqual({
      label: 'Learn Skill',
      disabled: false,
      hint: null,
    });
  });

  it('reads Insufficient Skill Points when points are short', () => {
    expect(learnButtonState(s, { learned: false, points: 1, level: 5 })).toEqual({
      label: 'Insufficient Skill Points',
      disabled: true,
      hint: null,
    });
    expect(learnButtonState(s, { learned: false, points: 0, level: 1 }).hint).toBe('Requires level 3');
  });

  it('is disabled with a level hint when the level is too low', () => {
    expect(learnButtonState(s, { learned: false, points: 5, level: 2 })).toEqual({
      label: 'Learn Skill',
      disabled: true,
      hint: 'Requires level 3',
    });
  });
});

describe('skillCardState (skills screen)', () => {
  const s = skill();
  it('marks a learned skill', () => {
    const state = skillCardState(s, { learned: true, points: 0, level: 1 });
    expect(state).toMatchObject({ learned: true, canLearn: false, label: 'Learned', locked: true });
  });

  it('lets a skill be learned when every requirement is met', () => {
    expect(skillCardState(s, { learned: false, points: 2, level: 3 })).toEqual({
      learned: false,
      locked: false,
      canLearn: true,
      label: 'Learn Skill',
      missing: [],
    });
  });

  it('reads Requirements Not Met and lists what is missing', () => {
    expect(skillCardState(s, { learned: false, points: 1, level: 1 })).toEqual({
      learned: false,
      locked: true,
      canLearn: false,
      label: 'Requirements Not Met',
      missing: ['Requires level 3', 'Needs 1 more skill point'],
    });
    expect(skillCardState(s, { learned: false, points: 0, level: 9 }).missing).toEqual(['Needs 2 more skill points']);
  });

  it('agrees with the rule of src/common', () => {
    for (const ctx of [
      { learned: false, points: 2, level: 3 },
      { learned: true, points: 2, level: 3 },
      { learned: false, points: 1, level: 3 },
      { learned: false, points: 2, level: 2 },
    ]) {
      expect(skillCardState(s, ctx).canLearn).toBe(learnCheck(s, ctx).ok);
    }
  });
});

describe('effects', () => {
  it('turns the multiplier into a percent', () => {
    expect(damageBonusPercent(1.5)).toBe(50);
    expect(damageBonusPercent(1)).toBe(0);
    expect(damageBonusPercent(2.25)).toBe(125);
    expect(damageBonusPercent(1.1)).toBe(10);
    expect(damageBonusPercent(undefined)).toBe(0);
  });

  it('lists damage, stat bonuses and cooldown', () => {
    expect(skillEffectLines({ damageMultiplier: 1.5, statBonus: { attack: 5, magic: 2 }, cooldown: 9 }).map((l) => l.text)).toEqual([
      '+50% damage',
      '+5 Attack',
      '+2 Magic',
      '9s cooldown',
    ]);
    expect(skillEffectLines({ damageMultiplier: 1, statBonus: {}, cooldown: 0 })).toEqual([]);
  });
});

describe('lists', () => {
  it('filters by type and sorts by level requirement then cost', () => {
    const list = [
      skill({ id: 1, type: 'passive', prerequisites: { level: 5 } }),
      skill({ id: 2, type: 'passive', prerequisites: { level: 1 }, baseCost: 3 }),
      skill({ id: 3, type: 'passive', prerequisites: { level: 1 }, baseCost: 1 }),
      skill({ id: 4, type: 'ultimate' }),
    ];
    expect(skillsOfType(list, 'passive').map((x) => x.id)).toEqual([3, 2, 1]);
    expect(skillsOfType(list, 'active')).toEqual([]);
    expect(skillsOfType(undefined, 'active')).toEqual([]);
  });

  it('indexes learned skills by skill id', () => {
    const learned: LearnedSkillView[] = [{ id: 9, skillId: 4, level: 1, skill: skill({ id: 4 }) }];
    expect(learnedById(learned).get(4)?.id).toBe(9);
    expect(learnedById(undefined).size).toBe(0);
  });

  it('words an empty tab', () => {
    expect(emptySkillsText('ultimate', 'Mage')).toBe('No ultimate skills available for Mage class.');
  });
});

describe('upgradeButtonState (learned skills on /equipment and /skills)', () => {
  // baseCost 2, maxLevel 3, required level 3: level 1 -> 2 costs 2 SP at level 6; 2 -> 3 costs 4 SP at level 9.
  it('reads Upgrade Skill with the cost of the next level, enabled when the rules allow', () => {
    expect(upgradeButtonState(skill(), 1, { points: 2, level: 6 })).toEqual({ label: 'Upgrade Skill (2 SP)', cost: 2, disabled: false, reason: null });
    expect(upgradeButtonState(skill(), 2, { points: 4, level: 9 })).toMatchObject({ label: 'Upgrade Skill (4 SP)', disabled: false });
  });

  it('is disabled with the reason when points or level are short', () => {
    expect(upgradeButtonState(skill(), 1, { points: 1, level: 6 })).toEqual({
      label: 'Upgrade Skill (2 SP)',
      cost: 2,
      disabled: true,
      reason: 'Not enough skill points',
    });
    expect(upgradeButtonState(skill(), 2, { points: 10, level: 8 })).toMatchObject({ disabled: true, reason: 'Requires level 9 to upgrade this skill' });
  });

  it('shows no button at max level', () => {
    expect(upgradeButtonState(skill(), 3, { points: 99, level: 99 })).toBeNull();
    expect(upgradeButtonState(skill({ maxLevel: 1 }), 1, { points: 99, level: 99 })).toBeNull();
  });
});
