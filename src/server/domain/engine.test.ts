import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BattleEvent } from '@common/battle-events';
import { formatLog } from '@common/battle-text';
import { CLASS_IDS, type ClassId } from '@common/characters';
import type { Ability, Fighter } from './battle';
import { statsAtLevel } from './classes';
import { RULES, SPECIAL_COOLDOWN_TURNS, isNoContest, rngFor, startBattle, step, type Action, type BattleState, type Move, type RulesName } from './engine';
import { replayBattle, runAiBattle } from './engine-replay';

const fighter = (name: string, classId: ClassId, level: number, abilities?: Ability[]): Fighter => ({
  name,
  class: classId,
  level,
  stats: statsAtLevel(classId, level),
  abilities,
});

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
      classId: fc.constantFrom(...CLASS_IDS),
      level: fc.integer({ min: 1, max: 60 }),
      abilities: fc.option(fc.array(abilityArb, { maxLength: 3 }), { nil: undefined }),
    })
    .map(({ name, classId, level, abilities }) => fighter(name, classId, level, abilities));
const battleArb = fc.record({ a: fighterArb('Neo'), b: fighterArb('Null Pointer Mage', 'Neo'), seed: fc.integer() });

/** Plays a PvP battle with the moves chosen in turn (a special on cooldown becomes an attack). */
function playMoves(rules: RulesName, a: Fighter, b: Fighter, seed: number, pick: (turn: number) => Move) {
  let { state, events } = startBattle(rules, [a, b], seed);
  while (state.winner === null) {
    let move = pick(state.turn);
    if (move === 'special' && state.sides[state.current].specialCooldown > 0) move = 'attack';
    const result = step(state, { type: move }, rngFor(state));
    if (!result.ok) throw new Error(result.message);
    state = result.state;
    events = [...events, ...result.events];
  }
  return { state, events };
}

/** HP of each side as the events tell it, checked never to go up or below 0. */
function trackHp(events: readonly BattleEvent[]): [number, number] {
  const start = events[0];
  if (start?.type !== 'start') throw new Error('no start');
  const hp: [number, number] = [start.fighters[0].maxHp, start.fighters[1].maxHp];
  for (const e of events) {
    if (e.type !== 'hit') continue;
    expect(e.hpAfter).toBeGreaterThanOrEqual(0);
    expect(e.hpAfter).toBe(Math.max(0, hp[e.target] - e.damage));
    hp[e.target] = e.hpAfter;
  }
  return hp;
}

describe('the engine run by the AI (PvE, guild duels)', () => {
  it('ends within the round limit, by knockout or time, with events that add up', () => {
    fc.assert(
      fc.property(battleArb, ({ a, b, seed }) => {
        const { state, events } = runAiBattle('pve', [a, b], seed);
        expect(state.round).toBeLessThanOrEqual(RULES.pve.maxRounds + 1);
        const hp = trackHp(events);
        const end = events.at(-1)!;
        expect(end).toEqual({ type: 'end', winner: state.winner, reason: state.reason, hp });
        if (state.reason === 'knockout') expect(hp[state.winner === 0 ? 1 : 0]).toBe(0);
        else expect(state.reason).toBe('time');
      }),
      { numRuns: 400 },
    );
  });

  it('replays the same battle from the same seed, and from its record', () => {
    fc.assert(
      fc.property(battleArb, ({ a, b, seed }) => {
        const played = runAiBattle('pve', [a, b], seed);
        expect(runAiBattle('pve', [a, b], seed)).toEqual(played);
        const replayed = replayBattle(played.record);
        expect(replayed.events).toEqual(played.events);
        expect(replayed.state).toEqual(played.state);
      }),
      { numRuns: 300 },
    );
  });

  it('writes the log lines of the battle with the closing line naming the winner', () => {
    fc.assert(
      fc.property(battleArb, ({ a, b, seed }) => {
        const { state, events } = runAiBattle('pve', [a, b], seed);
        const log = formatLog(events);
        const [winner, loser] = state.winner === 0 ? [a, b] : [b, a];
        const last = log.at(-1)!;
        expect(last.attacker).toBe(winner.name);
        expect(last.actor).toBe(state.winner);
        if (state.reason === 'knockout') {
          expect(last.message).toBe(`${loser.name} is defeated! ${winner.name} wins the battle!`);
          expect(log.at(-2)).toMatchObject({ attacker: winner.name, defenderHp: 0 });
        } else {
          expect(last.message).toMatch(new RegExp(`^Time limit reached! ${winner.name} wins`));
        }
        for (const line of log) expect(line.attacker).toBe(line.actor === 0 ? a.name : b.name);
      }),
      { numRuns: 300 },
    );
  });

  it('uses a learned active whenever it is off cooldown and charges an ultimate first', () => {
    const player = fighter('Neo', 'warrior', 10, [
      { name: 'Stack Smash', damageMultiplier: 0.5, cooldownTurns: 2, kind: 'active' },
      { name: 'Kernel Panic', damageMultiplier: 0.6, cooldownTurns: 3, kind: 'ultimate' },
    ]);
    const wall: Fighter = { ...fighter('Firewall Golem', 'tank', 10), stats: { attack: 1, defense: 400, speed: 1, magic: 0 } };
    const { events } = runAiBattle('pve', [player, wall], 5);
    const mine = events.filter((e): e is Extract<BattleEvent, { type: 'turn' }> => e.type === 'turn' && e.actor === 0);
    expect(mine.length).toBeGreaterThanOrEqual(12);
    const skillOnTurn = (name: string) =>
      mine.slice(0, 12).flatMap((turn, i) => {
        const next = events[events.indexOf(turn) + 1];
        return next?.type === 'skill' && next.name === name ? [i + 1] : [];
      });
    expect(skillOnTurn('Kernel Panic')).toEqual([3, 7, 11]);
    expect(skillOnTurn('Stack Smash')).toEqual([1, 4, 8, 12]);
    const line = formatLog(events).filter((l) => l.actor === 0)[2]!;
    expect(line.message).toMatch(/^ULTIMATE OVERRIDE! (CRITICAL GLITCH! )?Neo unleashes Kernel Panic on Firewall Golem/);
  });

  it('stops at the round limit and gives it to the higher HP share, ties to side 1', () => {
    const tap: Ability = { name: 'Ping', damageMultiplier: 0, cooldownTurns: 0, kind: 'active' };
    const wall = (name: string): Fighter => ({ name, class: 'tank', level: 1, stats: { attack: 1, defense: 500, speed: 5, magic: 0 }, abilities: [tap] });
    let ties = 0;
    for (let seed = 0; seed < 100; seed++) {
      const { state, events } = runAiBattle('guild', [wall('Left'), wall('Right')], seed);
      expect(state.reason).toBe('time');
      const [a, b] = state.sides;
      if (a.hp === b.hp) ties++;
      expect(state.winner).toBe(a.hp > b.hp ? 0 : 1);
      expect(formatLog(events).at(-1)!.message).toContain('Time limit reached!');
    }
    expect(ties).toBeGreaterThan(0);
  });
});

describe('the engine fed by players (PvP)', () => {
  const pvpArb = fc.tuple(
    fc.constantFrom(...CLASS_IDS),
    fc.constantFrom(...CLASS_IDS),
    fc.integer({ min: 1, max: 60 }),
    fc.integer({ min: 1, max: 60 }),
    fc.integer({ min: 0, max: 2 ** 31 - 1 }),
    fc.array(fc.constantFrom<Move>('attack', 'defend', 'special'), { minLength: 1, maxLength: 12 }),
  );

  it('alternates the sides, keeps HP in range, ends, and replays from seed and inputs', () => {
    fc.assert(
      fc.property(pvpArb, ([ca, cb, la, lb, seed, moves]) => {
        const a = fighter('A', ca, la);
        const b = fighter('B', cb, lb);
        const played = playMoves('queue', a, b, seed, (turn) => moves[turn % moves.length]!);
        const turns = played.events.filter((e) => e.type === 'turn');
        turns.forEach((turn, i) => i > 0 && expect(turn.actor).not.toBe(turns[i - 1]!.actor));
        trackHp(played.events);
        expect(played.state.winner).not.toBeNull();
        const inputs: Action[] = turns.map((turn) => {
          const next = played.events[played.events.indexOf(turn) + 1]!;
          return { type: next.type === 'defend' ? 'defend' : next.type === 'skill' && next.kind === 'special' ? 'special' : 'attack' };
        });
        expect(replayBattle({ rules: 'queue', fighters: [a, b], seed, inputs }).events).toEqual(played.events);
      }),
      { numRuns: 200 },
    );
  });

  it('fires a learned active in a PvP battle, on both pages', () => {
    const learned = fighter('Skilled', 'warrior', 10, [{ name: 'Stack Smash', damageMultiplier: 1.4, cooldownTurns: 2, kind: 'active' }]);
    for (const rules of ['queue', 'realtime'] as const) {
      const { events } = playMoves(rules, learned, fighter('Plain', 'tank', 10), 77, () => 'attack');
      const used = events.filter((e) => e.type === 'skill' && e.actor === 0);
      expect(used.length).toBeGreaterThan(0);
      expect(used[0]).toMatchObject({ name: 'Stack Smash', kind: 'active' });
      expect(formatLog(events).some((l) => l.message.includes('Skilled unleashes Stack Smash on Plain'))).toBe(true);
    }
  });

  it('halves the next hit taken after defending', () => {
    let halved = 0;
    for (let seed = 1; seed < 200; seed++) {
      const { state } = startBattle('queue', [fighter('A', 'warrior', 10), fighter('B', 'warrior', 10)], seed);
      const defended = step(state, { type: 'defend' }, rngFor(state));
      if (!defended.ok) throw new Error(defended.message);
      const guard = state.current;
      expect(defended.state.sides[guard].defending).toBe(true);
      const onGuard = step(defended.state, { type: 'attack' }, rngFor(defended.state));
      const openState: BattleState = { ...defended.state, sides: [{ ...defended.state.sides[0], defending: false }, { ...defended.state.sides[1], defending: false }] };
      const open = step(openState, { type: 'attack' }, rngFor(openState));
      if (!onGuard.ok || !open.ok) throw new Error('refused');
      const full = open.state.sides[guard].maxHp - open.state.sides[guard].hp;
      const half = onGuard.state.sides[guard].maxHp - onGuard.state.sides[guard].hp;
      expect(onGuard.state.sides[guard].defending).toBe(false);
      if (full > 0) {
        expect(Math.abs(half - full / 2)).toBeLessThanOrEqual(1);
        halved++;
      }
    }
    expect(halved).toBeGreaterThan(100);
  });

  it('lets the special wait two own turns, and the real-time page only attack', () => {
    let { state } = startBattle('queue', [fighter('A', 'mage', 30), fighter('B', 'tank', 30)], 42);
    const me = state.current;
    const act = (type: Move) => {
      const r = step(state, { type }, rngFor(state));
      if (!r.ok) return r.message;
      state = r.state;
      return null;
    };
    expect(act('special')).toBeNull();
    expect(state.sides[me].specialCooldown).toBe(SPECIAL_COOLDOWN_TURNS);
    act('defend');
    expect(act('special')).toMatch(/cooldown/);
    act('attack');
    act('defend');
    expect(act('special')).toMatch(/cooldown/);
    act('attack');
    act('defend');
    expect(act('special')).toBeNull();
    const rt = startBattle('realtime', [fighter('A', 'mage', 3), fighter('B', 'tank', 3)], 1).state;
    expect(step(rt, { type: 'defend' }, rngFor(rt))).toEqual({ ok: false, message: 'The move defend is not available in this battle' });
  });

  it('ends by forfeit of either side or by the timeout of the side to move; an early end is no contest', () => {
    const { state } = startBattle('realtime', [fighter('A', 'rogue', 5), fighter('B', 'tank', 5)], 7);
    const waiting = state.current === 0 ? 1 : 0;
    const forfeited = step(state, { type: 'forfeit', side: waiting }, rngFor(state));
    expect(forfeited.ok && forfeited.state).toMatchObject({ winner: state.current, reason: 'forfeit' });
    expect(forfeited.ok && formatLog([...startBattle('realtime', [fighter('A', 'rogue', 5), fighter('B', 'tank', 5)], 7).events, ...forfeited.events])).toEqual([
      { message: `${waiting === 0 ? 'A' : 'B'} forfeits the battle!`, attacker: waiting === 0 ? 'B' : 'A', defenderHp: state.sides[waiting].hp, actor: state.current, target: waiting },
    ]);
    expect(forfeited.ok && isNoContest(forfeited.state)).toBe(true);
    const timedOut = step(state, { type: 'timeout' }, rngFor(state));
    expect(timedOut.ok && timedOut.state).toMatchObject({ winner: waiting, reason: 'timeout' });
    expect(timedOut.ok && step(timedOut.state, { type: 'attack' }, rngFor(timedOut.state))).toEqual({ ok: false, message: 'This battle is over' });

    const once = step(state, { type: 'attack' }, rngFor(state));
    if (!once.ok) throw new Error(once.message);
    const twice = step(once.state, { type: 'attack' }, rngFor(once.state));
    if (!twice.ok) throw new Error(twice.message);
    const late = step(twice.state, { type: 'forfeit', side: 0 }, rngFor(twice.state));
    expect(late.ok && isNoContest(once.state)).toBe(true);
    expect(late.ok && isNoContest(late.state)).toBe(false);
  });
});
