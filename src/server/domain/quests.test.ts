import { describe, expect, it } from 'vitest';
import { battleEvents } from './events';
import { DAILY_POOL, FIRST_STEPS, dailyQuestsFor, findQuest, questDay, questProgress } from './quests';

describe('battle events', () => {
  it('a win with two levels gained is BattleWon and LevelGained; a no-contest is nothing', () => {
    const base = { userId: 1, characterId: 2, characterName: 'Bit', kind: 'pve' as const, levelBefore: 9, levelAfter: 11 };
    expect(battleEvents({ ...base, won: true })).toEqual([
      { type: 'BattleWon', userId: 1, characterId: 2, kind: 'pve', ghost: false },
      { type: 'LevelGained', userId: 1, characterId: 2, characterName: 'Bit', from: 9, to: 11 },
    ]);
    expect(battleEvents({ ...base, won: false, levelAfter: 9 })).toEqual([{ type: 'BattleLost', userId: 1, characterId: 2, kind: 'pve' }]);
    expect(battleEvents({ ...base, won: true, noContest: true })).toEqual([]);
  });
});

describe('quests', () => {
  it('a PvP win moves the first win, and only the dailies that count PvP wins or any win', () => {
    const day = '2026-11-24';
    for (let userId = 1; userId <= 50; userId++) {
      const moved = questProgress({ type: 'BattleWon', userId, characterId: 1, kind: 'pvp', ghost: false }, userId, day).map((q) => q.id);
      expect(moved).toContain('first-steps:win-battle');
      const dailies = dailyQuestsFor(userId, day).map((q) => q.key);
      for (const key of ['win-pvp', 'win-5', 'fight-5']) expect(moved.includes(`daily:${day}:${key}`)).toBe(dailies.includes(key));
      expect(moved.some((id) => id.endsWith(':win-pve-3'))).toBe(false);
    }
  });

  it('every pool quest is drawn for somebody, and a quest id is found only on its day', () => {
    const drawn = new Set<string>();
    for (let userId = 1; userId <= 200; userId++) for (const q of dailyQuestsFor(userId, '2026-11-24')) drawn.add(q.key);
    expect([...drawn].sort()).toEqual(DAILY_POOL.map((q) => q.key).sort());
    const [first] = dailyQuestsFor(3, '2026-11-24');
    expect(findQuest(3, `daily:2026-11-24:${first!.key}`, '2026-11-24')?.def.key).toBe(first!.key);
    expect(findQuest(3, `daily:2026-11-24:${first!.key}`, '2026-11-25')).toBeNull();
    expect(findQuest(3, `first-steps:${FIRST_STEPS[0]!.key}`, '2030-01-01')?.kind).toBe('first-steps');
  });

  it("a player's dailies stay the draw every player has had (FNV-1a of 'player:day:key', lowest first), asked once or many times", () => {
    const fnv = (text: string) => [...text].reduce((h, ch) => Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0, 0x811c9dc5);
    const reference = (userId: number, day: string) =>
      DAILY_POOL.map((q) => ({ key: q.key, r: fnv(`${userId}:${day}:${q.key}`) }))
        .sort((a, b) => a.r - b.r || a.key.localeCompare(b.key))
        .slice(0, 3)
        .map((x) => x.key);
    for (const day of ['2026-11-24', '2026-11-25', '2027-02-28'])
      for (let userId = 1; userId <= 300; userId++) {
        expect(dailyQuestsFor(userId, day).map((q) => q.key)).toEqual(reference(userId, day));
        // Asked again at once (a battle's end asks per event), the same draw; a caller may change its copy.
        const again = dailyQuestsFor(userId, day);
        expect(again.map((q) => q.key)).toEqual(reference(userId, day));
        again.pop();
        expect(dailyQuestsFor(userId, day)).toHaveLength(3);
      }
  });

  it('the day turns at 00:00 UTC', () => {
    expect(questDay(new Date('2026-11-24T23:59:59.999Z'))).toBe('2026-11-24');
    expect(questDay(new Date('2026-11-25T00:00:00.000Z'))).toBe('2026-11-25');
  });
});
