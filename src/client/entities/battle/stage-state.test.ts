import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BattleEvent, EventFighter } from '@common/battle-events';
import { formatLog } from '@common/battle-text';
import { CLASS_IDS, type ClassId } from '@common/classes';
import { statsAtLevel } from '../../../server/domain/classes';
import { startBattle, step, rngFor, type Move } from '../../../server/domain/engine';
import { runAiBattle } from '../../../server/domain/engine-replay';
import { applyEvent, emptyStage, idleStage, playEvents } from './stage-state';

const HERO: EventFighter = { name: 'Hero', class: 'warrior', level: 3, maxHp: 40 };
const IMP: EventFighter = { name: 'Imp', class: 'rogue', level: 2, maxHp: 30 };
const start: BattleEvent = { type: 'start', fighters: [HERO, IMP], first: 0 };
const turn = (n: number, actor: 0 | 1, round = Math.ceil(n / 2)): BattleEvent => ({ type: 'turn', turn: n, round, actor });
const hit = (actor: 0 | 1, hpAfter: number, damage: number, critical = false): BattleEvent => ({
  type: 'hit',
  actor,
  target: actor === 0 ? 1 : 0,
  damage,
  critical,
  hpAfter,
  ability: null,
  flavor: 0,
});

describe('applyEvent', () => {
  it('starts both fighters at full HP with the opener to move', () => {
    const s = applyEvent(emptyStage, { ...start, first: 1 });
    expect(s).toMatchObject({ fighters: [HERO, IMP], hp: [40, 30], toMove: 1, beat: null, log: [], end: null });
  });

  it('ignores events before the start', () => {
    expect(applyEvent(emptyStage, hit(0, 10, 20))).toBe(emptyStage);
  });

  it('a hit drains the target, plays a beat and writes the formatter line', () => {
    const s = playEvents([start, turn(1, 0), hit(0, 18, 12)]);
    expect(s.hp).toEqual([40, 18]);
    expect(s.beat).toEqual({ seq: 1, kind: 'hit', actor: 0, target: 1, damage: 12, critical: false, skill: null });
    expect(s.log).toEqual([{ id: 0, text: 'Hero slashes Imp for 12 damage!', kind: 'hit', actor: 0, critical: false }]);
    expect(s.toMove).toBe(1);
  });

  it('a critical is flagged on the beat and the line, from the event and not the text', () => {
    const s = playEvents([start, turn(1, 1), hit(1, 25, 15, true)]);
    expect(s.beat).toMatchObject({ kind: 'hit', actor: 1, target: 0, damage: 15, critical: true });
    expect(s.log[0]).toMatchObject({ text: 'CRITICAL GLITCH! Imp stabs Hero for 15 damage!', critical: true, actor: 1 });
  });

  it('a miss takes no HP', () => {
    const s = playEvents([start, turn(1, 1), { type: 'miss', actor: 1, target: 0, flavor: 1 }]);
    expect(s.hp).toEqual([40, 30]);
    expect(s.beat).toMatchObject({ kind: 'miss', actor: 1, target: 0, damage: 0, critical: false });
    expect(s.log[0]!.text).toBe('404: hit not found. Imp swings at Hero and misses!');
  });

  it('a skill flashes until its blow lands, which carries its name', () => {
    const skill: BattleEvent = { type: 'skill', actor: 0, name: 'Glitch Surge', kind: 'special' };
    const flashing = playEvents([start, turn(1, 0), skill]);
    expect(flashing.skill).toEqual({ name: 'Glitch Surge', kind: 'special' });
    expect(flashing.beat).toBeNull();
    const landed = applyEvent(flashing, { ...hit(0, 10, 20), ability: { name: 'Glitch Surge', kind: 'special' } } as BattleEvent);
    expect(landed.skill).toBeNull();
    expect(landed.beat?.skill).toEqual({ name: 'Glitch Surge', kind: 'special' });
    expect(landed.log[0]!.text).toBe('Hero unleashes Glitch Surge on Imp for 20 damage!');
    // A dodged skill still shows which skill it was.
    const dodged = applyEvent(flashing, { type: 'miss', actor: 0, target: 1, flavor: 0 });
    expect(dodged.beat).toMatchObject({ kind: 'miss', skill: { name: 'Glitch Surge' } });
  });

  it('defend braces the actor until it is hit or moves again', () => {
    const braced = playEvents([start, turn(1, 0), { type: 'defend', actor: 0 }]);
    expect(braced.defending).toEqual([true, false]);
    expect(braced.beat).toMatchObject({ kind: 'defend', actor: 0, target: 1 });
    expect(braced.log[0]!.text).toBe('Hero raises a firewall and braces for the next hit!');
    expect(applyEvent(braced, hit(1, 35, 5)).defending).toEqual([false, false]);
    expect(applyEvent(braced, turn(3, 0)).defending).toEqual([false, false]);
    expect(applyEvent(braced, turn(2, 1)).defending).toEqual([true, false]);
  });

  it('a timeout ends the battle for the idle side, with its line and no closing line', () => {
    const s = playEvents([start, turn(1, 0), hit(0, 20, 10), { type: 'timeout', actor: 1 }, { type: 'end', winner: 0, reason: 'timeout', hp: [40, 20] }]);
    expect(s.end).toEqual({ winner: 0, reason: 'timeout' });
    expect(s.toMove).toBeNull();
    expect(s.log.map((l) => l.kind)).toEqual(['hit', 'timeout']);
    expect(s.log[1]).toMatchObject({ text: 'Imp ran out of time and forfeits the battle!', actor: 1 });
    expect(s.beat).toMatchObject({ seq: 3, kind: 'end', actor: 0, target: 1 });
  });

  it('a forfeit ends it at once, whoever had the turn', () => {
    const s = playEvents([start, { type: 'forfeit', actor: 0 }, { type: 'end', winner: 1, reason: 'forfeit', hp: [40, 30] }]);
    expect(s.end).toEqual({ winner: 1, reason: 'forfeit' });
    expect(s.log).toEqual([{ id: 0, text: 'Hero forfeits the battle!', kind: 'forfeit', actor: 0, critical: false }]);
  });

  it('a knockout closes with the winner line, and nothing after the end changes the stage', () => {
    const s = playEvents([start, turn(1, 0), hit(0, 0, 30), { type: 'end', winner: 0, reason: 'knockout', hp: [40, 0] }]);
    expect(s.hp).toEqual([40, 0]);
    expect(s.log.at(-1)).toMatchObject({ text: 'Imp is defeated! Hero wins the battle!', kind: 'end', actor: 0 });
    expect(applyEvent(s, hit(1, 1, 39))).toBe(s);
  });

  it('the time limit writes the shares of HP left', () => {
    const s = playEvents([start, { type: 'end', winner: 0, reason: 'time', hp: [20, 3] }]);
    expect(s.hp).toEqual([20, 3]);
    expect(s.log[0]!.text).toBe("Time limit reached! Hero wins with 50% HP left against Imp's 10%.");
  });

  it('an idle stage shows both at full HP with nobody to move', () => {
    expect(idleStage([HERO, IMP])).toMatchObject({ hp: [40, 30], toMove: null, fighters: [HERO, IMP], log: [] });
  });
});

const fighter = (name: string, classId: ClassId, level: number) => ({ name, class: classId, level, stats: statsAtLevel(classId, level) });

describe('played against the real engine', () => {
  it('an AI battle ends with the HP and the log the server gives', () => {
    fc.assert(
      fc.property(fc.constantFrom(...CLASS_IDS), fc.constantFrom(...CLASS_IDS), fc.integer({ min: 1, max: 40 }), fc.integer(), (a, b, level, seed) => {
        const played = runAiBattle('pve', [fighter('Neo', a, level), fighter('Null Mage', b, level)], seed);
        const stage = playEvents(played.events);
        expect(stage.hp).toEqual([played.state.sides[0].hp, played.state.sides[1].hp]);
        expect(stage.end?.winner).toBe(played.state.winner);
        const log = formatLog(played.events);
        expect(stage.log.map((l) => l.text)).toEqual(log.map((l) => l.message));
        // Every line's HP matches the stage's at that point of the battle.
        let shown = emptyStage;
        for (const event of played.events) {
          shown = applyEvent(shown, event);
          const line = log[shown.log.length - 1];
          if (line && event.type !== 'turn' && event.type !== 'skill') expect(shown.hp[line.target]).toBe(line.defenderHp);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('a queue battle with defends and specials does too', () => {
    const moves: Move[] = ['special', 'defend', 'attack', 'attack', 'defend', 'special'];
    let { state, events } = startBattle('queue', [fighter('Left', 'mage', 8), fighter('Right', 'tank', 8)], 77);
    for (let i = 0; state.winner === null; i++) {
      let result = step(state, { type: moves[i % moves.length]! }, rngFor(state));
      if (!result.ok) result = step(state, { type: 'attack' }, rngFor(state));
      if (!result.ok) throw new Error(result.message);
      state = result.state;
      events = [...events, ...result.events];
    }
    const stage = playEvents(events);
    expect(stage.hp).toEqual([state.sides[0].hp, state.sides[1].hp]);
    expect(stage.log.map((l) => l.text)).toEqual(formatLog(events).map((l) => l.message));
    expect(stage.log.some((l) => l.kind === 'defend')).toBe(true);
    expect(events.some((e) => e.type === 'skill' && e.kind === 'special')).toBe(true);
  });
});
