import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCooldown } from '@common/characters';
import {
  allocateStats,
  applyExperience,
  characterValue,
  cooldownMessage,
  cooldownRemainingMs,
  experienceToNext,
  levelMilestone,
  pveRewards,
} from './progression';

const none = { attack: 0, defense: 0, speed: 0, magic: 0 };

describe('experience', () => {
  it('needs 100 × level to reach the next level', () => {
    expect(experienceToNext(1)).toBe(100);
    expect(experienceToNext(7)).toBe(700);
  });

  it('stays on the level below the threshold', () => {
    expect(applyExperience({ level: 1, experience: 50 }, 49)).toEqual({
      level: 1,
      experience: 99,
      experienceToNext: 100,
      levelsGained: 0,
      skillPointsGained: 0,
      statPointsGained: 0,
    });
  });

  it('carries extra experience over into the next level', () => {
    const r = applyExperience({ level: 1, experience: 90 }, 30);
    expect(r).toMatchObject({ level: 2, experience: 20, experienceToNext: 200, levelsGained: 1 });
    expect(r.skillPointsGained).toBe(1);
    expect(r.statPointsGained).toBe(3);
  });

  it('gains several levels at once', () => {
    // 100 (1→2) + 200 (2→3) + 300 (3→4) = 600, 50 left over.
    const r = applyExperience({ level: 1, experience: 0 }, 650);
    expect(r).toMatchObject({ level: 4, experience: 50, levelsGained: 3, skillPointsGained: 3, statPointsGained: 9 });
  });

  it('never loses experience: total experience is preserved', () => {
    const totalXp = (level: number, xp: number) => (100 * level * (level - 1)) / 2 + xp;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 80 }), fc.nat(5000), fc.nat(50_000), (level, xp0, gained) => {
        const experience = xp0 % experienceToNext(level);
        const r = applyExperience({ level, experience }, gained);
        expect(totalXp(r.level, r.experience)).toBe(totalXp(level, experience) + gained);
        expect(r.experience).toBeLessThan(r.experienceToNext);
        expect(r.levelsGained).toBe(r.level - level);
        expect(r.statPointsGained).toBe(3 * r.levelsGained);
      }),
    );
  });

  it('refuses negative or fractional gains', () => {
    expect(() => applyExperience({ level: 1, experience: 0 }, -1)).toThrow(RangeError);
    expect(() => applyExperience({ level: 1, experience: 0 }, 1.5)).toThrow(RangeError);
  });
});

describe('character value', () => {
  it('is 500 + 250 × (level − 1) + 20 × wins', () => {
    expect(characterValue({ level: 1, wins: 0, isForged: false })).toBe(500);
    expect(characterValue({ level: 5, wins: 3, isForged: false })).toBe(500 + 1000 + 60);
  });

  it('doubles when forged', () => {
    expect(characterValue({ level: 5, wins: 3, isForged: true })).toBe(2 * 1560);
  });
});

describe('stat allocation', () => {
  it('adds the requested points and reports what is left', () => {
    const r = allocateStats({ ...none, attack: 2 }, 6, { attack: 1, defense: 0, speed: 2, magic: 0 });
    expect(r).toEqual({
      ok: true,
      allocated: { attack: 3, defense: 0, speed: 2, magic: 0 },
      spent: 3,
      statPointsLeft: 3,
    });
  });

  it('allows spending exactly the available points', () => {
    expect(allocateStats(none, 3, { ...none, magic: 3 })).toMatchObject({ ok: true, statPointsLeft: 0 });
  });

  it('refuses more points than available', () => {
    expect(allocateStats(none, 3, { ...none, attack: 2, defense: 2 })).toEqual({
      ok: false,
      message: 'Not enough stat points',
    });
  });

  it('refuses empty, negative and fractional requests', () => {
    expect(allocateStats(none, 3, none)).toEqual({ ok: false, message: 'Choose at least one stat point to spend' });
    expect(allocateStats(none, 3, { ...none, attack: 2, speed: -1 }).ok).toBe(false);
    expect(allocateStats(none, 3, { ...none, attack: 0.5 }).ok).toBe(false);
  });
});

describe('rewards', () => {
  it('pays PvE victories by enemy level', () => {
    // 20 + 10 × level experience and 10 + 15 × level credits, × 1.2 at the default threat (Low).
    expect(pveRewards('victory', 1, 'Low')).toEqual({ experience: 36, credits: 30 });
    expect(pveRewards('victory', 10, 'Low')).toEqual({ experience: 144, credits: 192 });
  });

  it('pays PvE defeats a little experience and credits, well below a victory', () => {
    expect(pveRewards('defeat', 1, 'Low')).toEqual({ experience: 8, credits: 10 });
    expect(pveRewards('defeat', 10, 'Low')).toEqual({ experience: 30, credits: 42 });
    for (const level of [1, 5, 30]) {
      for (const threat of ['Low', 'Even', 'High'] as const) {
        const win = pveRewards('victory', level, threat);
        const loss = pveRewards('defeat', level, threat);
        expect(loss.credits).toBeGreaterThan(0);
        expect(win.credits).toBeGreaterThanOrEqual(3 * loss.credits);
        expect(win.experience).toBeGreaterThanOrEqual(3 * loss.experience);
      }
    }
  });

  it('pays a higher threat more and a lower one less', () => {
    expect(pveRewards('victory', 10, 'Even')).toEqual(pveRewards('victory', 10));
    expect(pveRewards('victory', 10, 'Even')).toEqual({ experience: 180, credits: 240 });
    expect(pveRewards('victory', 10, 'High')).toEqual({ experience: 240, credits: 320 });
    expect(pveRewards('defeat', 10, 'High').credits).toBeGreaterThan(pveRewards('defeat', 10, 'Low').credits);
  });
});

describe('level milestones', () => {
  it('name the highest multiple of 10 crossed', () => {
    expect(levelMilestone(9, 10)).toBe(10);
    expect(levelMilestone(8, 21)).toBe(20);
    expect(levelMilestone(10, 11)).toBeNull();
    expect(levelMilestone(1, 9)).toBeNull();
  });
});

describe('cooldowns', () => {
  const now = new Date('2026-03-01T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);

  it('counts down from the last battle', () => {
    expect(cooldownRemainingMs(null, now, 30_000)).toBe(0);
    expect(cooldownRemainingMs(ago(12_000), now, 30_000)).toBe(18_000);
    expect(cooldownRemainingMs(ago(30_000), now, 30_000)).toBe(0);
    expect(cooldownRemainingMs(ago(90_000), now, 60_000)).toBe(0);
  });

  it("formats as 'Xm Ys' from a minute on, else 'Ys'", () => {
    expect(formatCooldown(0)).toBe('0s');
    expect(formatCooldown(-5)).toBe('0s');
    expect(formatCooldown(18_000)).toBe('18s');
    expect(formatCooldown(17_200)).toBe('18s');
    expect(formatCooldown(59_999)).toBe('1m 0s');
    expect(formatCooldown(60_000)).toBe('1m 0s');
    expect(formatCooldown(95_000)).toBe('1m 35s');
  });

  it('explains a cooldown with the time left', () => {
    const message = cooldownMessage('Battle', 18_000);
    expect(message).toContain('cooldown');
    expect(message).toContain('18s');
  });
});
