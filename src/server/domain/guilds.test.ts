import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ClassId } from '@common/characters';
import type { GuildRole } from '@common/guilds';
import { statsAtLevel } from './classes';
import {
  canChangeRoles,
  canManage,
  canRemove,
  experienceIntoLevel,
  fightGuildBattle,
  guildBattleReward,
  guildLevel,
  rankFighters,
  successorOf,
  type GuildFighter,
} from './guilds';

let nextCharacterId = 1;
const fighter = (name: string, level: number, cls: ClassId = 'warrior'): GuildFighter => ({
  name,
  username: `${name}-owner`,
  characterId: nextCharacterId++,
  class: cls,
  level,
  stats: statsAtLevel(cls, level),
});

describe('guild level', () => {
  it('starts at 1 and rises every 1000 experience', () => {
    expect(guildLevel(0)).toBe(1);
    expect(guildLevel(999)).toBe(1);
    expect(guildLevel(1000)).toBe(2);
    expect(guildLevel(5432)).toBe(6);
    expect(experienceIntoLevel(5432)).toBe(432);
    expect(guildLevel(-5)).toBe(1);
  });
});

describe('permissions', () => {
  const roles: GuildRole[] = ['leader', 'officer', 'member'];
  it('lets leaders and officers manage, and only the leader change roles', () => {
    expect(roles.map(canManage)).toEqual([true, true, false]);
    expect(roles.map(canChangeRoles)).toEqual([true, false, false]);
  });
  it('lets the leader remove anyone else, officers plain members, members nobody', () => {
    const table = roles.map((actor) => roles.map((target) => canRemove(actor, target)));
    expect(table).toEqual([
      [false, true, true],
      [false, false, true],
      [false, false, false],
    ]);
  });
});

describe('successorOf', () => {
  const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));
  it('prefers the senior officer over any member', () => {
    const next = successorOf([
      { id: 2, role: 'member', joinedAt: at(1) },
      { id: 5, role: 'officer', joinedAt: at(9) },
      { id: 4, role: 'officer', joinedAt: at(5) },
    ]);
    expect(next?.id).toBe(4);
  });
  it('falls back to the senior member, the lower id breaking a tie, and to null when nobody is left', () => {
    expect(successorOf([{ id: 8, role: 'member', joinedAt: at(3) }, { id: 7, role: 'member', joinedAt: at(3) }])?.id).toBe(7);
    expect(successorOf([])).toBeNull();
  });
});

describe('fightGuildBattle', () => {
  it('pairs the strongest fighters by rank, up to maxParticipants', () => {
    const a = [fighter('a1', 3), fighter('a2', 9), fighter('a3', 5)];
    const b = [fighter('b1', 4), fighter('b2', 2)];
    const outcome = fightGuildBattle(a, b, 2, 42);
    expect(outcome.duels.map((d) => [d.challenger.name, d.defender.name])).toEqual([
      ['a2', 'b1'],
      ['a3', 'b2'],
    ]);
    expect(rankFighters(a, 5).map((f) => f.name)).toEqual(['a2', 'a3', 'a1']);
  });

  it('is decided by the seed: the same seed, the same battle', () => {
    const a = [fighter('a1', 5, 'mage'), fighter('a2', 5, 'rogue')];
    const b = [fighter('b1', 5, 'tank'), fighter('b2', 5, 'assassin')];
    expect(fightGuildBattle(a, b, 5, 7)).toEqual(fightGuildBattle(a, b, 5, 7));
  });

  it('gives the win to the side with more duel wins; a much stronger guild wins', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
        const strong = [fighter('s1', 40), fighter('s2', 40), fighter('s3', 40)];
        const weak = [fighter('w1', 1), fighter('w2', 1), fighter('w3', 1)];
        const outcome = fightGuildBattle(strong, weak, 3, seed);
        const wins = outcome.duels.filter((d) => d.winner === outcome.winner).length;
        expect(wins * 2).toBeGreaterThanOrEqual(outcome.duels.length);
        expect(outcome.winner).toBe('challenger');
        expect(fightGuildBattle(weak, strong, 3, seed).winner).toBe('defender');
      }),
      { numRuns: 50 },
    );
  });

  it('lets a side without fighters lose by walkover, and nobody win when both are empty', () => {
    expect(fightGuildBattle([], [fighter('b', 1)], 5, 1)).toEqual({ duels: [], winner: 'defender' });
    expect(fightGuildBattle([fighter('a', 1)], [], 5, 1)).toEqual({ duels: [], winner: 'challenger' });
    expect(fightGuildBattle([], [], 5, 1)).toEqual({ duels: [], winner: null });
  });

  it('pays 200 credits per duel, at least one duel worth', () => {
    expect(guildBattleReward(3)).toBe(600);
    expect(guildBattleReward(0)).toBe(200);
  });
});
