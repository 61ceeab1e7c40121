import { describe, expect, it } from 'vitest';
import { blockPairKey, evidenceWindow, isMuted, isSuspended, mayActOn } from './moderation';

describe('mayActOn', () => {
  it('lets a moderator act on players only, an admin on players and moderators, nobody on an admin or themselves', () => {
    const mod = { id: 1, role: 'moderator' as const };
    const admin = { id: 2, role: 'admin' as const };
    const player = { id: 3, role: 'player' as const };
    expect(mayActOn(mod, player)).toBe(true);
    expect(mayActOn(mod, { id: 4, role: 'moderator' })).toBe(false);
    expect(mayActOn(mod, admin)).toBe(false);
    expect(mayActOn(admin, mod)).toBe(true);
    expect(mayActOn(admin, { id: 5, role: 'admin' })).toBe(false);
    expect(mayActOn(admin, admin)).toBe(false);
    expect(mayActOn(player, { id: 6, role: 'player' })).toBe(false);
  });
});

describe('mutes and suspensions', () => {
  const now = new Date(1_000_000);
  it('hold until their end, a suspension with no end for good', () => {
    expect(isMuted(new Date(1_000_001), now)).toBe(true);
    expect(isMuted(now, now)).toBe(false);
    expect(isMuted(null, now)).toBe(false);
    expect(isSuspended(now, null, now)).toBe(true);
    expect(isSuspended(now, new Date(999_999), now)).toBe(false);
    expect(isSuspended(null, null, now)).toBe(false);
  });
});

describe('evidenceWindow', () => {
  const line = (id: number) => ({ id });
  it('keeps five each side, or more on one side when the other has fewer', () => {
    const before = [1, 2, 3, 4, 5, 6, 7].map(line);
    expect(evidenceWindow(before, line(8), [9, 10, 11, 12, 13, 14].map(line)).map((l) => l.id)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    expect(evidenceWindow(before, line(8), [9].map(line)).map((l) => l.id)).toEqual([...[1, 2, 3, 4, 5, 6, 7], 8, 9]);
    expect(evidenceWindow([], line(1), [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13].map(line)).map((l) => l.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });
  it('keys a pair the same either way round', () => {
    expect(blockPairKey(5, 2)).toBe(blockPairKey(2, 5));
  });
});
