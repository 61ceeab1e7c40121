import { describe, expect, it } from 'vitest';
import type { Ability, Fighter } from './battle';
import { statsAtLevel } from './classes';
import { OPENING_GUARD, bestAction, rngFor, startBattle, step, turnsUntilReady, type Action, type BattleState } from './engine';
import { aiAction, replayBattle } from './engine-replay';

/** The real-time page's rules ('duel'): skills chosen by id beside a plain attack, the second mover guarded. */

const CLEAVE: Ability = { id: 11, name: 'Bitcrush Cleave', damageMultiplier: 1.5, cooldownTurns: 2, kind: 'active' };
const FINISHER: Ability = { id: 12, name: 'Kernel Panic', damageMultiplier: 2.5, cooldownTurns: 4, kind: 'ultimate' };
const fighter = (name: string, abilities: Ability[] = []): Fighter => ({ name, class: 'warrior', level: 10, stats: statsAtLevel('warrior', 10), abilities });

function play(state: BattleState, action: Action): BattleState {
  const result = step(state, action, rngFor(state));
  if (!result.ok) throw new Error(result.message);
  return result.state;
}

describe('duel rules', () => {
  it('plays a chosen skill, then refuses it while it waits its cooldown, changing nothing', () => {
    let { state } = startBattle('duel', [fighter('A', [CLEAVE, FINISHER]), fighter('B', [CLEAVE, FINISHER])], 5);
    const me = state.current;
    const used = step(state, { type: 'skill', skillId: 11 }, rngFor(state));
    if (!used.ok) throw new Error(used.message);
    expect(used.events.find((e) => e.type === 'skill')).toMatchObject({ actor: me, name: 'Bitcrush Cleave', kind: 'active' });
    state = play(used.state, { type: 'attack' });
    expect(turnsUntilReady(state.sides[me], 0)).toBe(2);
    const refused = step(state, { type: 'skill', skillId: 11 }, rngFor(state));
    expect(refused).toEqual({ ok: false, message: 'Bitcrush Cleave is on cooldown for 2 more turn(s)' });
    // The ultimate charges first.
    expect(step(state, { type: 'skill', skillId: 12 }, rngFor(state))).toEqual({ ok: false, message: 'Kernel Panic is on cooldown for 1 more turn(s)' });
  });

  it('refuses a skill the fighter has not learned', () => {
    const { state } = startBattle('duel', [fighter('A', [CLEAVE]), fighter('B', [CLEAVE])], 9);
    const before = JSON.stringify(state);
    expect(step(state, { type: 'skill', skillId: 99 }, rngFor(state))).toEqual({ ok: false, message: 'Your fighter has not learned that skill' });
    expect(JSON.stringify(state)).toBe(before);
  });

  it('refuses a skill on the pages where skills are not chosen', () => {
    const { state } = startBattle('queue', [fighter('A', [CLEAVE]), fighter('B')], 3);
    expect(step(state, { type: 'skill', skillId: 11 }, rngFor(state))).toMatchObject({ ok: false, message: 'The move skill is not available in this battle' });
  });

  it('makes attack a plain blow: no skill fires unless chosen', () => {
    let { state, events } = startBattle('duel', [fighter('A', [CLEAVE]), fighter('B', [CLEAVE])], 21);
    while (state.winner === null) {
      const result = step(state, { type: 'attack' }, rngFor(state));
      if (!result.ok) throw new Error(result.message);
      state = result.state;
      events = [...events, ...result.events];
    }
    expect(events.some((e) => e.type === 'skill')).toBe(false);
  });

  it('the best policy (the ghost) picks the strongest ready skill, else attacks', () => {
    let { state } = startBattle('duel', [fighter('A', [CLEAVE, FINISHER]), fighter('B', [CLEAVE, FINISHER])], 4);
    expect(aiAction(state)).toEqual({ type: 'skill', skillId: 11 });
    state = play(play(state, bestAction(state)), bestAction(state));
    // Own turn 2: the cleave waits, the ultimate still charges.
    expect(bestAction(state)).toEqual({ type: 'attack' });
    expect(bestAction({ ...state, rules: 'queue' })).toEqual({ type: 'attack' });
  });

  it(`the second mover takes ${OPENING_GUARD * 100} % of the opener's first blow`, () => {
    let guarded = 0;
    for (let seed = 1; seed < 100; seed++) {
      const duel = startBattle('duel', [fighter('A'), fighter('B')], seed).state;
      const old = startBattle('realtime', [fighter('A'), fighter('B')], seed).state;
      expect(duel.current).toBe(old.current);
      expect(duel.sides[1 - duel.current]!.openingGuard).toBe(OPENING_GUARD);
      const hitIn = (s: BattleState) => {
        const r = step(s, { type: 'attack' }, rngFor(s));
        if (!r.ok) throw new Error(r.message);
        const hit = r.events.find((e) => e.type === 'hit');
        return { damage: hit?.type === 'hit' ? hit.damage : 0, after: r.state };
      };
      const [a, b] = [hitIn(duel), hitIn(old)];
      if (b.damage > 0) {
        expect(Math.abs(a.damage - b.damage * OPENING_GUARD)).toBeLessThanOrEqual(1);
        expect(a.damage).toBeLessThan(b.damage);
        guarded += 1;
      }
      // Only the first blow: the guard is gone once it landed or missed.
      expect(a.after.sides[1 - duel.current]!.openingGuard).toBe(1);
    }
    expect(guarded).toBeGreaterThan(50);
  });

  it('replays a duel with chosen skills from its record, event for event', () => {
    const fighters: [Fighter, Fighter] = [fighter('A', [CLEAVE, FINISHER]), fighter('B', [CLEAVE])];
    let { state, events } = startBattle('duel', fighters, 1234);
    const inputs: Action[] = [];
    while (state.winner === null) {
      const action = state.current === 0 ? bestAction(state) : { type: 'attack' as const };
      inputs.push(action);
      const result = step(state, action, rngFor(state));
      if (!result.ok) throw new Error(result.message);
      state = result.state;
      events = [...events, ...result.events];
    }
    expect(inputs.some((a) => a.type === 'skill')).toBe(true);
    const replayed = replayBattle({ rules: 'duel', fighters, seed: 1234, inputs });
    expect(replayed.events).toEqual(events);
    expect(replayed.state).toEqual(state);
  });
});
