import { describe, expect, it } from 'vitest';
import type { GuildBattleView } from '@common/guilds';
import { battleOutcome, canManage, canRemove, isChallenged, opponentOf, parseAmount } from './guild-rules';

const battle = (over: Partial<GuildBattleView>): GuildBattleView => ({
  id: 1,
  challengerGuild: { id: 10, name: 'Red' },
  defenderGuild: { id: 20, name: 'Blue' },
  status: 'pending',
  battleType: 'team',
  maxParticipants: 5,
  winnerId: null,
  reward: 0,
  duels: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  resolvedAt: null,
  ...over,
});

describe('guild screen rules', () => {
  it('offers management to leaders and officers only', () => {
    expect([canManage('leader'), canManage('officer'), canManage('member'), canManage(null)]).toEqual([true, true, false, false]);
    expect(canRemove('leader', 'officer')).toBe(true);
    expect(canRemove('officer', 'officer')).toBe(false);
    expect(canRemove('officer', 'member')).toBe(true);
    expect(canRemove('member', 'member')).toBe(false);
    expect(canRemove('leader', 'leader')).toBe(false);
  });

  it('reads a battle from the player guild side', () => {
    expect(battleOutcome(battle({ status: 'completed', winnerId: 10 }), 10)).toBe('won');
    expect(battleOutcome(battle({ status: 'completed', winnerId: 10 }), 20)).toBe('lost');
    expect(battleOutcome(battle({}), 20)).toBe('pending');
    expect(opponentOf(battle({}), 10).name).toBe('Blue');
    expect(opponentOf(battle({}), 20).name).toBe('Red');
    expect(isChallenged(battle({}), 20)).toBe(true);
    expect(isChallenged(battle({}), 10)).toBe(false);
  });

  it('takes whole positive amounts only', () => {
    expect(parseAmount(' 250 ')).toBe(250);
    for (const bad of ['', '0', '-5', '1.5', 'abc', '1e3']) expect(parseAmount(bad)).toBeNull();
  });
});
