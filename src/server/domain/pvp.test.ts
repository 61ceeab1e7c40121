import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ClassId } from '@common/characters';
import { statsAtLevel } from './classes';
import type { Fighter } from './battle';
import { applyMove, concede, handleTimeout, moveRng, pairQueue, startBattle, SPECIAL_COOLDOWN_TURNS, type PvpState, type QueueEntry } from './pvp';

const CLASSES: ClassId[] = ['warrior', 'mage', 'rogue', 'tank', 'assassin', 'berserker'];
const fighter = (cls: ClassId, level: number, name: string): Fighter => ({ name, class: cls, level, stats: statsAtLevel(cls, level) });

function playOut(state: PvpState, seed: number, pick: (turn: number) => 'attack' | 'defend' | 'special', limit = 10_000): PvpState {
  let s = state;
  while (s.winner === null && s.turnCount < limit) {
    let move = pick(s.turnCount);
    if (move === 'special' && s.sides[s.current].specialCooldown > 0) move = 'attack';
    const result = applyMove(s, move, moveRng(seed, s.turnCount));
    if (!result.ok) throw new Error(result.message);
    s = result.state;
  }
  return s;
}

const arbFighters = fc.tuple(fc.constantFrom(...CLASSES), fc.constantFrom(...CLASSES), fc.integer({ min: 1, max: 60 }), fc.integer({ min: 1, max: 60 }));

describe('applyMove', () => {
  it('a battle of attacks always ends by knockout, HP never below 0, within the HP budget', () => {
    fc.assert(
      fc.property(arbFighters, fc.integer({ min: 0, max: 2 ** 31 - 1 }), ([ca, cb, la, lb], seed) => {
        const start = startBattle('realtime', fighter(ca, la, 'A'), fighter(cb, lb, 'B'), seed);
        const budget = start.sides[0].maxHp + start.sides[1].maxHp;
        const end = playOut(start, seed, () => 'attack', 10 * budget);
        expect(end.winner).not.toBeNull();
        expect(end.reason).toBe('knockout');
        expect(end.turnCount).toBeLessThanOrEqual(10 * budget);
        for (const side of end.sides) expect(side.hp).toBeGreaterThanOrEqual(0);
        for (const entry of end.log) expect(entry.defenderHp).toBeGreaterThanOrEqual(0);
        expect(end.sides[end.winner === 0 ? 1 : 0].hp).toBe(0);
      }),
    );
  });

  it('the same seed and moves give the same battle', () => {
    fc.assert(
      fc.property(arbFighters, fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.array(fc.constantFrom('attack', 'defend', 'special' as const), { minLength: 1, maxLength: 20 }), ([ca, cb, la, lb], seed, moves) => {
        const pick = (turn: number) => moves[turn % moves.length]!;
        const run = () => playOut(startBattle('queue', fighter(ca, la, 'A'), fighter(cb, lb, 'B'), seed), seed, pick, 300);
        expect(run()).toEqual(run());
      }),
    );
  });

  it('defend halves the next hit taken', () => {
    let halved = 0;
    for (let seed = 1; seed < 200; seed++) {
      const start = startBattle('queue', fighter('warrior', 10, 'A'), fighter('warrior', 10, 'B'), seed);
      const defended = applyMove(start, 'defend', moveRng(seed, 0));
      if (!defended.ok) throw new Error(defended.message);
      expect(defended.state.sides[start.current].defending).toBe(true);
      const rng = () => moveRng(seed, 1);
      const onGuard = applyMove(defended.state, 'attack', rng());
      const open = applyMove({ ...defended.state, sides: defended.state.sides.map((s) => ({ ...s, defending: false })) as PvpState['sides'] }, 'attack', rng());
      if (!onGuard.ok || !open.ok) throw new Error('refused');
      const full = open.state.sides[start.current].maxHp - open.state.sides[start.current].hp;
      const half = onGuard.state.sides[start.current].maxHp - onGuard.state.sides[start.current].hp;
      expect(onGuard.state.sides[start.current].defending).toBe(false);
      if (full > 0) {
        expect(Math.abs(half - full / 2)).toBeLessThanOrEqual(1);
        halved++;
      }
    }
    expect(halved).toBeGreaterThan(100);
  });

  it('special waits two own turns; the real-time variant only attacks', () => {
    const seed = 42;
    let s = startBattle('queue', fighter('mage', 30, 'A'), fighter('tank', 30, 'B'), seed);
    const me = s.current;
    const step = (move: 'attack' | 'defend' | 'special') => {
      const r = applyMove(s, move, moveRng(seed, s.turnCount));
      if (!r.ok) return r.message;
      s = r.state;
      return null;
    };
    expect(step('special')).toBeNull();
    expect(s.sides[me].specialCooldown).toBe(SPECIAL_COOLDOWN_TURNS);
    step('defend');
    expect(step('special')).toMatch(/cooldown/);
    step('attack');
    step('defend');
    expect(step('special')).toMatch(/cooldown/);
    step('attack');
    step('defend');
    expect(s.sides[me].specialCooldown).toBe(0);
    expect(step('special')).toBeNull();

    const rt = startBattle('realtime', fighter('mage', 3, 'A'), fighter('tank', 3, 'B'), 1);
    expect(applyMove(rt, 'defend', moveRng(1, 0)).ok).toBe(false);
  });

  it('forfeit and timeout make the other side win', () => {
    const s = startBattle('queue', fighter('rogue', 5, 'A'), fighter('tank', 5, 'B'), 7);
    expect(concede(s, 0, 'forfeit')).toMatchObject({ winner: 1, reason: 'forfeit' });
    const deadline = new Date(1_000_000);
    expect(handleTimeout(s, deadline, new Date(999_999))).toBe(s);
    expect(handleTimeout(s, deadline, new Date(1_000_001))).toMatchObject({ winner: s.current === 0 ? 1 : 0, reason: 'timeout' });
  });
});

describe('pairQueue', () => {
  const now = new Date(100_000);
  const entry = (userId: number, level: number, waitedMs = 0, variant: 'queue' | 'realtime' = 'queue'): QueueEntry => ({
    userId,
    characterId: userId * 10,
    level,
    variant,
    joinedAt: new Date(now.getTime() - waitedMs),
  });

  it('pairs the closest levels, never across variants or with oneself, widening with waiting', () => {
    expect(pairQueue([entry(1, 5)], now)).toEqual([]);
    expect(pairQueue([entry(1, 5), entry(2, 5, 0, 'realtime')], now)).toEqual([]);
    const pairs = pairQueue([entry(1, 10, 1000), entry(2, 12), entry(3, 11)], now);
    expect(pairs.map(([a, b]) => [a.userId, b.userId])).toEqual([[1, 3]]);
    expect(pairQueue([entry(1, 1), entry(2, 6)], now)).toEqual([]);
    expect(pairQueue([entry(1, 1, 15_000), entry(2, 6)], now)).toHaveLength(1);
  });

  it('pairs each player at most once, within the allowed gap', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ level: fc.integer({ min: 1, max: 60 }), wait: fc.integer({ min: 0, max: 60_000 }), rt: fc.boolean() }), { maxLength: 30 }), (rows) => {
        const entries = rows.map((r, i) => entry(i + 1, r.level, r.wait, r.rt ? 'realtime' : 'queue'));
        const pairs = pairQueue(entries, now);
        const seen = new Set<number>();
        for (const [a, b] of pairs) {
          expect(a.userId).not.toBe(b.userId);
          expect(a.variant).toBe(b.variant);
          expect(seen.has(a.userId) || seen.has(b.userId)).toBe(false);
          seen.add(a.userId);
          seen.add(b.userId);
          const allowed = 2 + Math.floor(Math.max(now.getTime() - a.joinedAt.getTime(), now.getTime() - b.joinedAt.getTime()) / 5000);
          expect(Math.abs(a.level - b.level)).toBeLessThanOrEqual(allowed);
        }
      }),
    );
  });
});
