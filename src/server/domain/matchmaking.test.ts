import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allowedWindow, estimatedWaitSeconds, ghostDue, ghostFits, pairQueue, pickGhost, type QueueEntry } from './matchmaking';
import { blockPairKey } from './moderation';

const now = new Date(1_000_000);
const entry = (userId: number, rating: number, over: Partial<QueueEntry> = {}): QueueEntry => ({
  userId,
  characterId: userId * 10,
  variant: 'realtime',
  level: 5,
  rating,
  arena: null,
  joinedAt: now,
  ...over,
});
const ids = (pairs: [QueueEntry, QueueEntry][]) => pairs.map(([a, b]) => [a.userId, b.userId]);

describe('pairQueue', () => {
  it('pairs the closest ratings, the longest waiting first', () => {
    const pairs = pairQueue([entry(1, 1500, { joinedAt: new Date(999_000) }), entry(2, 1580), entry(3, 1520)], now);
    expect(ids(pairs)).toEqual([[1, 3]]);
  });

  it('breaks rating ties by the closer level', () => {
    const pairs = pairQueue([entry(1, 1500, { level: 10, joinedAt: new Date(1) }), entry(2, 1500, { level: 30 }), entry(3, 1500, { level: 12 })], now);
    expect(ids(pairs)).toEqual([[1, 3]]);
  });

  it('widens the rating window while waiting', () => {
    expect(pairQueue([entry(1, 1500), entry(2, 1700)], now)).toEqual([]);
    expect(allowedWindow(new Date(now.getTime() - 10_000), now)).toBe(200);
    expect(ids(pairQueue([entry(1, 1500, { joinedAt: new Date(now.getTime() - 10_000) }), entry(2, 1700)], now))).toEqual([[1, 2]]);
  });

  it('never pairs across pages, across arenas or a player with themselves', () => {
    expect(pairQueue([entry(1, 1500), entry(2, 1500, { variant: 'queue' })], now)).toEqual([]);
    expect(pairQueue([entry(1, 1500, { arena: 'arena1' }), entry(2, 1500)], now)).toEqual([]);
    expect(pairQueue([entry(1, 1500, { arena: 'arena2' }), entry(2, 1500, { arena: 'arena2' })], now)).toHaveLength(1);
    expect(pairQueue([entry(1, 1500), entry(1, 1500, { characterId: 99 })], now)).toEqual([]);
  });

  it('pairs each player at most once, within the allowed window', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ rating: fc.integer({ min: 800, max: 2400 }), wait: fc.integer({ min: 0, max: 60_000 }), rt: fc.boolean() }), { maxLength: 40 }), (rows) => {
        const entries = rows.map((r, i) => entry(i + 1, r.rating, { joinedAt: new Date(now.getTime() - r.wait), variant: r.rt ? 'realtime' : 'queue' }));
        const seen = new Set<number>();
        for (const [a, b] of pairQueue(entries, now)) {
          expect(seen.has(a.userId) || seen.has(b.userId)).toBe(false);
          seen.add(a.userId);
          seen.add(b.userId);
          expect(a.variant).toBe(b.variant);
          expect(Math.abs(a.rating - b.rating)).toBeLessThanOrEqual(Math.max(allowedWindow(a.joinedAt, now), allowedWindow(b.joinedAt, now)));
        }
      }),
    );
  });
});

describe('ghosts', () => {
  it('are offered after 20 s alone', () => {
    expect(ghostDue(new Date(now.getTime() - 19_999), now)).toBe(false);
    expect(ghostDue(new Date(now.getTime() - 20_000), now)).toBe(true);
  });
});

describe('ghost matching', () => {
  const me = { level: 5, rating: 1500, power: 100 };
  const candidate = (characterId: number, over: Partial<{ level: number; rating: number; power: number }>) => ({ characterId, level: 5, rating: 1500, power: 100, ...over });

  it("takes only characters of the player's level ± 1 and power within 10 %", () => {
    for (const level of [4, 5, 6]) expect(ghostFits(me, candidate(1, { level }))).toBe(true);
    for (const level of [3, 7, 8]) expect(ghostFits(me, candidate(1, { level }))).toBe(false);
    for (const power of [90, 95, 110]) expect(ghostFits(me, candidate(1, { power }))).toBe(true);
    for (const power of [89, 111, 200]) expect(ghostFits(me, candidate(1, { power }))).toBe(false);
  });

  it('picks the closest in rating among those that fit, then the closest in power; none when nothing fits', () => {
    const tooStrong = candidate(1, { rating: 1500, power: 130 });
    const tooHigh = candidate(2, { rating: 1500, level: 8 });
    const far = candidate(3, { rating: 1700 });
    const near = candidate(4, { rating: 1540, power: 92 });
    const nearer = candidate(5, { rating: 1460, power: 104 });
    expect(pickGhost(me, [tooStrong, tooHigh, far, near])).toBe(near);
    expect(pickGhost(me, [tooStrong, far, near, nearer])).toBe(nearer);
    expect(pickGhost(me, [tooStrong, tooHigh])).toBeNull();
  });
});

describe('the wait announced in the queue', () => {
  it('counts down to the ghost offer at 20 s, then 0', () => {
    expect(estimatedWaitSeconds(0)).toBe(20);
    expect(estimatedWaitSeconds(7_500)).toBe(13);
    expect(estimatedWaitSeconds(20_000)).toBe(0);
    expect(estimatedWaitSeconds(90_000)).toBe(0);
  });
});

describe('pairQueue with blocks', () => {
  it('never pairs two players of whom one blocks the other, and pairs them with others', () => {
    const blocked = new Set([blockPairKey(2, 1)]);
    expect(ids(pairQueue([entry(1, 1500), entry(2, 1500)], now, blocked))).toEqual([]);
    const pairs = ids(pairQueue([entry(1, 1500), entry(2, 1500), entry(3, 1500), entry(4, 1500)], now, blocked));
    expect(pairs).toHaveLength(2);
    expect(pairs.some(([a, b]) => blockPairKey(a!, b!) === '1:2')).toBe(false);
  });
});
