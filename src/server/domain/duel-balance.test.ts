import { describe, expect, it } from 'vitest';
import { CLASS_IDS } from '@common/characters';
import { DUEL_LEVELS, MAX_FIRST_MOVER_RATE, MIN_SKILL_CHOICE_RATE, attackOnly, bestPolicy, duelFighter, mirrorFirstMover, playDuel, skillChoiceVsAttack } from './duel-balance';

/**
 * A smaller sample of the duel lines of `npm run balance`: 600 duels per class (3,600 in all)
 * leave about ±0.8 points of sampling noise on each figure, so the bounds here are 1.5 points
 * inside and outside.
 */
const NOISE = 0.015;

describe('duel balance on the real-time page', () => {
  it(`gives the first mover of a mirror duel no more than ${Math.round(MAX_FIRST_MOVER_RATE * 100)} %`, () => {
    const mirror = mirrorFirstMover({ battlesPerClass: 600, seed: 11 });
    expect(mirror.battles).toBe(600 * CLASS_IDS.length);
    expect(mirror.rate).toBeLessThanOrEqual(MAX_FIRST_MOVER_RATE + NOISE);
    // The rules before issue 24 (no opening guard) gave the opener a clear edge: the sample tells them apart.
    expect(mirrorFirstMover({ battlesPerClass: 600, seed: 11, rules: 'realtime' }).rate).toBeGreaterThan(0.6);
  });

  it(`lets the fighter that chooses its skills beat one that only attacks in at least ${Math.round(MIN_SKILL_CHOICE_RATE * 100)} %`, () => {
    const choice = skillChoiceVsAttack({ battlesPerClass: 600, seed: 12 });
    expect(choice.rate).toBeGreaterThanOrEqual(MIN_SKILL_CHOICE_RATE + NOISE);
    for (const classId of CLASS_IDS) expect(choice.byClass[classId]).toBeGreaterThan(0.55);
  });

  it('numbers the typical fighters\' abilities so they can be chosen, from level 5 on', () => {
    for (const classId of CLASS_IDS) {
      for (const level of DUEL_LEVELS) {
        const abilities = duelFighter(classId, level).abilities ?? [];
        expect(abilities.length).toBeGreaterThan(0);
        expect(abilities.map((a) => a.id)).toEqual(abilities.map((_, i) => i + 1));
      }
    }
  });

  it('plays a duel to its end with the policies given, deterministic from its seed', () => {
    const me = duelFighter('mage', 10);
    const a = playDuel('duel', [me, me], 99, [bestPolicy, attackOnly]);
    const b = playDuel('duel', [me, me], 99, [bestPolicy, attackOnly]);
    expect(a.winner).not.toBeNull();
    expect(a).toEqual(b);
  });
});
