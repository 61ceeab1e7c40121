import { describe, expect, it } from 'vitest';
import { CLASS_IDS, type ClassId, powerLevel } from '@common/characters';
import { CLASS_PROFILES, CURRENT_TUNING, classTraits, statsAtLevel } from './classes';

const others = (id: ClassId) => CLASS_IDS.filter((c) => c !== id);
const at1 = (id: ClassId) => statsAtLevel(id, 1);

describe('class curves', () => {
  it('match each class description', () => {
    for (const level of [1, 10, 30, 60]) {
      const s = (id: ClassId) => statsAtLevel(id, level);
      // warrior: high attack and defense
      const w = s('warrior');
      expect(Math.min(w.attack, w.defense)).toBeGreaterThan(Math.max(w.speed, w.magic));
      // mage: powerful magic
      for (const id of others('mage')) expect(s('mage').magic).toBeGreaterThan(s(id).magic);
      // rogue: fast and agile (assassins are as fast, rogues dodge more)
      for (const id of others('rogue')) expect(s('rogue').speed).toBeGreaterThanOrEqual(s(id).speed);
      // tank: ultimate defense
      for (const id of others('tank')) expect(s('tank').defense).toBeGreaterThan(s(id).defense);
      // assassin: speed and critical hits
      for (const id of others('assassin').filter((c) => c !== 'rogue')) {
        expect(s('assassin').speed).toBeGreaterThan(s(id).speed);
      }
      // berserker: raw power
      for (const id of others('berserker')) expect(s('berserker').attack).toBeGreaterThan(s(id).attack);
    }
  });

  it('gives the assassin the most critical hits and the mage magic-based attacks', () => {
    for (const tuning of [undefined, CURRENT_TUNING]) {
      const traits = (id: ClassId) => classTraits(id, tuning);
      for (const id of others('assassin')) expect(traits('assassin').critChance).toBeGreaterThan(traits(id).critChance);
      expect(traits('mage').power).toBe('magic');
      for (const id of others('mage')) expect(traits(id).power).toBe('attack');
      expect(traits('berserker').fury).toBeGreaterThan(0);
      for (const id of others('rogue')) expect(traits('rogue').dodgeBonus).toBeGreaterThan(traits(id).dodgeBonus);
    }
  });

  it('keeps the first trait table for fighters stored without a tuning, so old battles replay', () => {
    expect(classTraits('mage')).toMatchObject({ power: 'magic', pierce: 0.22, sureHit: true, accuracy: 0 });
    expect(classTraits('rogue')).toMatchObject({ critChance: 0.15, dodgeBonus: 0.1 });
    expect(classTraits('berserker').fury).toBe(0.55);
    expect(classTraits('mage', 1)).toEqual(classTraits('mage'));
    // The current table: a mage's attacks take away most of the target's dodge instead of all of it.
    const mage = classTraits('mage', CURRENT_TUNING);
    expect(mage).toBe(CLASS_PROFILES.mage.traits);
    expect(mage.sureHit).toBe(false);
    expect(mage.accuracy).toBeGreaterThan(0);
    expect(mage.accuracy).toBeLessThan(1);
  });

  it('grows every stat with level and keeps power levels close at level 1', () => {
    for (const id of CLASS_IDS) {
      let previous = at1(id);
      for (let level = 2; level <= 60; level++) {
        const next = statsAtLevel(id, level);
        for (const k of ['attack', 'defense', 'speed', 'magic'] as const) {
          expect(next[k]).toBeGreaterThanOrEqual(previous[k]);
        }
        expect(powerLevel(next)).toBeGreaterThan(powerLevel(previous));
        previous = next;
      }
      expect(powerLevel(at1(id))).toBe(powerLevel(CLASS_PROFILES[id].base));
    }
  });

  it('adds allocated points on top of the curve', () => {
    const plain = statsAtLevel('rogue', 5);
    const boosted = statsAtLevel('rogue', 5, { attack: 1, defense: 0, speed: 2, magic: 3 });
    expect(boosted).toEqual({
      attack: plain.attack + 1,
      defense: plain.defense,
      speed: plain.speed + 2,
      magic: plain.magic + 3,
    });
  });

  it('refuses levels below 1 or fractional', () => {
    expect(() => statsAtLevel('tank', 0)).toThrow(RangeError);
    expect(() => statsAtLevel('tank', 2.5)).toThrow(RangeError);
  });
});
