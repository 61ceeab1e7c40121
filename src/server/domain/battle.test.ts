import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CLASS_IDS, type ClassId } from '@common/characters';
import { type Ability, type Fighter, MAX_ROUNDS, duel, initiativeChance, maxHp, runBattle, strike } from './battle';
import { fighterAt } from './balance';
import { statsAtLevel } from './classes';
import { createRng } from './rng';

const fighter = (name: string, classId: ClassId, level: number, abilities?: Ability[]): Fighter => ({
  name,
  class: classId,
  level,
  stats: statsAtLevel(classId, level),
  abilities,
});

const classArb = fc.constantFrom(...CLASS_IDS);
const abilityArb = fc.record({
  name: fc.constantFrom('Stack Smash', 'Bit Storm', 'Kernel Panic'),
  damageMultiplier: fc.double({ min: 0, max: 3, noNaN: true }),
  cooldownTurns: fc.integer({ min: 0, max: 5 }),
  kind: fc.constantFrom('active' as const, 'ultimate' as const),
});
const fighterArb = (...names: [string, ...string[]]) =>
  fc
    .record({
      name: fc.constantFrom(...names),
      classId: classArb,
      level: fc.integer({ min: 1, max: 60 }),
      abilities: fc.option(fc.array(abilityArb, { maxLength: 3 }), { nil: undefined }),
    })
    .map(({ name, classId, level, abilities }) => fighter(name, classId, level, abilities));
// The enemy sometimes shares the player's name: `side` still tells them apart.
const battleArb = fc.record({
  player: fighterArb('Neo'),
  enemy: fighterArb('Null Pointer Mage', 'Neo'),
  seed: fc.integer(),
});

describe('battle engine properties', () => {
  it('ends within 50 rounds with HP never below 0', () => {
    fc.assert(
      fc.property(battleArb, ({ player, enemy, seed }) => {
        const { log, rounds } = runBattle(player, enemy, seed);
        expect(rounds).toBeGreaterThanOrEqual(1);
        expect(rounds).toBeLessThanOrEqual(MAX_ROUNDS);
        expect(log.length).toBeLessThanOrEqual(2 * MAX_ROUNDS + 1);
        for (const entry of log) {
          expect(Number.isInteger(entry.defenderHp)).toBe(true);
          expect(entry.defenderHp).toBeGreaterThanOrEqual(0);
          expect(entry.attacker).toBe(entry.side === 'a' ? player.name : enemy.name);
          expect(entry.message.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('closes the log with an entry that matches the result', () => {
    fc.assert(
      fc.property(battleArb, ({ player, enemy, seed }) => {
        const { log, result } = runBattle(player, enemy, seed);
        const [winner, loser] = result === 'victory' ? [player, enemy] : [enemy, player];
        const last = log.at(-1)!;
        expect(last.attacker).toBe(winner.name);
        expect(last.side).toBe(result === 'victory' ? 'a' : 'b');
        if (last.defenderHp === 0) {
          expect(last.message).toBe(`${loser.name} is defeated! ${winner.name} wins the battle!`);
          // The blow before it took the loser to 0.
          expect(log.at(-2)).toMatchObject({ attacker: winner.name, side: last.side, defenderHp: 0 });
        } else {
          expect(last.message).toMatch(new RegExp(`^Time limit reached! ${winner.name} wins`));
        }
      }),
      { numRuns: 500 },
    );
  });

  it('replays the same battle from the same seed', () => {
    fc.assert(
      fc.property(battleArb, ({ player, enemy, seed }) => {
        expect(runBattle(player, enemy, seed)).toEqual(runBattle(player, enemy, seed));
      }),
      { numRuns: 300 },
    );
  });

  it('tracks each fighter from full HP down, one hit at a time', () => {
    fc.assert(
      fc.property(battleArb, ({ player, enemy, seed }) => {
        const { log } = runBattle(player, enemy, seed);
        // hp.a is the player's, hp.b the enemy's; an entry of side 'a' hits the enemy.
        const hp = { a: maxHp(player.stats), b: maxHp(enemy.stats) };
        for (const entry of log.slice(0, -1)) {
          const target = entry.side === 'a' ? 'b' : 'a';
          expect(entry.defenderHp).toBeLessThanOrEqual(hp[target]);
          hp[target] = entry.defenderHp;
        }
        const last = log.at(-1)!;
        expect(last.defenderHp).toBe(hp[last.side === 'a' ? 'b' : 'a']);
      }),
      { numRuns: 300 },
    );
  });
});

describe('battle engine rules', () => {
  it('lasts 3-12 log entries in at least 90 % of even-level fights', () => {
    // Measured by scripts/balance.ts: 98.4 % over all class pairs at levels 1, 10 and 30.
    const rng = createRng(2024);
    for (const level of [1, 10, 30]) {
      let inRange = 0;
      const total = 3000;
      for (let i = 0; i < total; i++) {
        const a = fighter('A', rng.pick(CLASS_IDS), level);
        const b = fighter('B', rng.pick(CLASS_IDS), level);
        const n = runBattle(a, b, rng.int(0, 2 ** 31)).log.length;
        if (n >= 3 && n <= 12) inRange++;
      }
      expect(inRange / total).toBeGreaterThanOrEqual(0.9);
    }
  });

  it('lets a much stronger player win', () => {
    const player = fighter('Neo', 'warrior', 30);
    const enemy = fighter('Packet Loss Rogue', 'rogue', 1);
    for (let seed = 0; seed < 50; seed++) {
      const { result, log } = runBattle(player, enemy, seed);
      expect(result).toBe('victory');
      expect(log.at(-1)).toEqual({
        message: 'Packet Loss Rogue is defeated! Neo wins the battle!',
        attacker: 'Neo',
        side: 'a',
        defenderHp: 0,
      });
    }
    expect(runBattle(enemy, player, 1).result).toBe('defeat');
  });

  it('stops at the round limit and gives it to the higher HP share, ties to the defender', () => {
    // A zero multiplier still deals the minimum of 1 damage, so nobody falls in 50 rounds.
    const tap: Ability = { name: 'Ping', damageMultiplier: 0, cooldownTurns: 0, kind: 'active' };
    const wall = (name: string): Fighter => ({
      name,
      class: 'tank',
      level: 1,
      stats: { attack: 1, defense: 500, speed: 5, magic: 0 },
      abilities: [tap],
    });
    let ties = 0;
    for (let seed = 0; seed < 200; seed++) {
      const out = duel(wall('Left'), wall('Right'), createRng(seed));
      expect(out.endedBy).toBe('time');
      expect(out.rounds).toBe(MAX_ROUNDS);
      if (out.hp.a === out.hp.b) ties++;
      expect(out.winner).toBe(out.hp.a > out.hp.b ? 'a' : 'b');
      const last = out.log.at(-1)!;
      expect(last.message).toContain('Time limit reached!');
      expect(last.defenderHp).toBe(out.winner === 'a' ? out.hp.b : out.hp.a);
    }
    expect(ties).toBeGreaterThan(0);
  });

  it('uses an active ability whenever it is off cooldown and charges an ultimate first', () => {
    const player = fighter('Neo', 'warrior', 10, [
      { name: 'Stack Smash', damageMultiplier: 0.5, cooldownTurns: 2, kind: 'active' },
      { name: 'Kernel Panic', damageMultiplier: 0.6, cooldownTurns: 3, kind: 'ultimate' },
    ]);
    const enemy: Fighter = {
      ...fighter('Firewall Golem', 'tank', 10),
      stats: { attack: 1, defense: 400, speed: 1, magic: 0 },
    };
    const { log } = runBattle(player, enemy, 5);
    const turns = log.filter((e) => e.attacker === 'Neo' && e !== log.at(-1));
    expect(turns.length).toBeGreaterThanOrEqual(12);
    const used = (name: string) => turns.slice(0, 12).flatMap((e, i) => (e.message.includes(name) ? [i + 1] : []));
    // The slow target never dodges. The active waits 2 turns after each use; the ultimate
    // charges 2 turns, then waits 3 after each use and outranks the active when both are ready.
    expect(used('Kernel Panic')).toEqual([3, 7, 11]);
    expect(used('Stack Smash')).toEqual([1, 4, 8, 12]);
    expect(turns[2]!.message).toMatch(/^ULTIMATE OVERRIDE! (CRITICAL GLITCH! )?Neo unleashes Kernel Panic on Firewall/);
  });

  it('writes glitchy lines: criticals, dodges and mage spells', () => {
    const messages: string[] = [];
    for (let seed = 0; seed < 200; seed++) {
      const mage = fighter('Null Pointer Mage', 'mage', 5);
      for (const e of runBattle(fighter('Neo', 'assassin', 5), mage, seed).log) messages.push(e.message);
      const rogue = fighter('Lag Spike Prowler', 'rogue', 5);
      for (const e of runBattle(fighter('Trin', 'warrior', 5), rogue, seed).log) messages.push(e.message);
    }
    expect(messages.some((m) => m.startsWith('CRITICAL GLITCH! Neo'))).toBe(true);
    expect(messages.some((m) => /Lag Spike Prowler (glitches out of phase|desyncs)|misses!$/.test(m))).toBe(true);
    const spell = /^(CRITICAL GLITCH! )?Null Pointer Mage (casts a corrupted bolt|hurls a null fireball|zaps|fires)/;
    expect(messages.some((m) => spell.test(m) && /Neo for \d+ damage!$/.test(m))).toBe(true);
  });

  it('never lets a spell be dodged', () => {
    const mage = fighter('Syntax Error Sage', 'mage', 10);
    const fast = { ...statsAtLevel('rogue', 10), speed: 999 };
    const rogue: Fighter = { ...fighter('Cache Miss Bandit', 'rogue', 10), stats: fast };
    for (let seed = 0; seed < 300; seed++) {
      expect(strike(mage, rogue, createRng(seed)).dodged).toBe(false);
    }
    const dodges = Array.from({ length: 300 }, (_, seed) => strike(rogue, rogue, createRng(seed)).dodged);
    expect(dodges.some(Boolean)).toBe(true);
  });

  it('lets a defending target take about half damage', () => {
    const a = fighter('A', 'berserker', 20);
    const b = fighter('B', 'warrior', 20);
    let full = 0;
    let guarded = 0;
    for (let seed = 0; seed < 400; seed++) {
      full += strike(a, b, createRng(seed)).damage;
      guarded += strike(a, b, createRng(seed), { damageFactor: 0.5 }).damage;
    }
    expect(guarded / full).toBeGreaterThan(0.45);
    expect(guarded / full).toBeLessThan(0.55);
  });

  it('gives mages magic-based damage', () => {
    const weakMagic: Fighter = { ...fighter('M', 'mage', 10), stats: { ...statsAtLevel('mage', 10), magic: 1 } };
    const target = fighter('T', 'warrior', 10);
    let normal = 0;
    let weak = 0;
    for (let seed = 0; seed < 200; seed++) {
      normal += strike(fighter('M', 'mage', 10), target, createRng(seed)).damage;
      weak += strike(weakMagic, target, createRng(seed)).damage;
    }
    expect(weak).toBeLessThan(normal / 2);
  });
});

describe('initiative', () => {
  it('favours the faster fighter without making one point of speed decisive', () => {
    expect(initiativeChance(20, 20)).toBe(0.5);
    expect(initiativeChance(21, 20)).toBeGreaterThan(0.5);
    expect(initiativeChance(21, 20)).toBeLessThan(0.56);
    expect(initiativeChance(26, 14)).toBeGreaterThan(0.7);
    expect(initiativeChance(26, 14) + initiativeChance(14, 26)).toBeCloseTo(1);
  });

  it('a one-point speed edge moves the win rate by a few points, not tens', () => {
    const base = fighterAt('mage', 10);
    const slower = { ...base, name: 'Slow Mage', stats: { ...base.stats, speed: base.stats.speed - 1 } };
    const warrior = fighterAt('warrior', 10);
    let wins = 0;
    const n = 2000;
    for (let seed = 0; seed < n; seed++) if (runBattle(slower, warrior, seed).result === 'victory') wins++;
    expect(wins / n).toBeGreaterThan(0.4);
  });
});
