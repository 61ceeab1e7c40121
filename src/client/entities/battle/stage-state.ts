import { other, type Side } from '@common/sides';
import type { AbilityKind, BattleEvent, EndReason, EventFighter } from '@common/battle-events';
import { formatEvents } from '@common/battle-text';

/**
 * The one reducer of the battle view (docs/battle-protocol.md, 'The battle view'): the engine's
 * events in, what the stage shows out: both sides' HP, who moves, who braces, the newest move
 * (a hit, a critical, a miss, a skill's flash) and the log. Every screen that shows a fight plays
 * its events through `applyEvent`; the log's wording comes from the one formatter in src/common.
 */

/** A move the stage plays, and the kind of line it wrote. */
export type BeatKind = 'hit' | 'miss' | 'defend' | 'forfeit' | 'timeout' | 'end';

/** The newest move on the stage: it lunges, hits, dodges, braces or cheers once per `seq`. */
export interface StageBeat {
  /** Counts the beats of the battle from 1: a new value is a new move to play. */
  seq: number;
  kind: BeatKind;
  /** Who moved (for `end`: the winner; for `forfeit` and `timeout`: the side giving up). */
  actor: Side;
  /** Who it was aimed at (for `end`: the loser). */
  target: Side;
  /** HP the target lost (0 for anything but a hit). */
  damage: number;
  critical: boolean;
  /** The learned skill or the special this move used: the stage flashes its name. */
  skill: { name: string; kind: AbilityKind } | null;
}

/** One line of the log. */
export interface StageLine {
  id: number;
  text: string;
  kind: BeatKind;
  /** The side the line is about: the actor of a move, the side giving up, the winner. */
  actor: Side;
  critical: boolean;
}

export interface StageState {
  /** Names, classes, levels and max HP, from the `start` event; null before it. */
  fighters: readonly [EventFighter, EventFighter] | null;
  hp: [number, number];
  /**
   * The side to move next: set by each `turn` event, and after a move the other side (PvP
   * alternates; in rounds the next `turn` event says); null before the start and after the end.
   */
  toMove: Side | null;
  /** Actions taken so far (the engine's turn count). */
  turn: number;
  round: number;
  /** A side that braced takes half of the next hit. */
  defending: [boolean, boolean];
  /** A skill announced by its `skill` event, flashing until its hit or miss lands. */
  skill: StageBeat['skill'];
  beat: StageBeat | null;
  log: StageLine[];
  end: { winner: Side; reason: EndReason } | null;
}

export const emptyStage: StageState = {
  fighters: null,
  hp: [0, 0],
  toMove: null,
  turn: 0,
  round: 0,
  defending: [false, false],
  skill: null,
  beat: null,
  log: [],
  end: null,
};

function withSide<T>(pair: readonly [T, T], side: Side, value: T): [T, T] {
  return side === 0 ? [value, pair[1]] : [pair[0], value];
}

/** The log line an event writes, if any (the one formatter's wording). */
function lineOf(state: StageState, event: BattleEvent, kind: BeatKind, actor: Side, critical: boolean): StageLine[] {
  if (!state.fighters) return [];
  const [line] = formatEvents([event], state.fighters, state.hp);
  return line ? [...state.log, { id: state.log.length, text: line.message, kind, actor, critical }] : state.log;
}

function beat(state: StageState, kind: BeatKind, actor: Side, target: Side, extra: Partial<StageBeat> = {}): StageBeat {
  return { seq: (state.beat?.seq ?? 0) + 1, kind, actor, target, damage: 0, critical: false, skill: null, ...extra };
}

/** Folds one event into the stage. Events before a `start` (a partial stream) are ignored. */
export function applyEvent(state: StageState, event: BattleEvent): StageState {
  if (event.type === 'start') {
    const [a, b] = event.fighters;
    return { ...emptyStage, fighters: event.fighters, hp: [a.maxHp, b.maxHp], toMove: event.first, round: 1 };
  }
  if (!state.fighters || state.end) return state;
  switch (event.type) {
    case 'turn':
      return { ...state, toMove: event.actor, turn: event.turn, round: event.round, defending: withSide(state.defending, event.actor, false) };
    case 'skill':
      return { ...state, skill: { name: event.name, kind: event.kind } };
    case 'hit':
    case 'miss': {
      const hit = event.type === 'hit';
      const damage = hit ? Math.max(0, state.hp[event.target] - event.hpAfter) : 0;
      const critical = hit && event.critical;
      return {
        ...state,
        hp: hit ? withSide(state.hp, event.target, Math.max(0, event.hpAfter)) : state.hp,
        defending: withSide(state.defending, event.target, false),
        skill: null,
        beat: beat(state, event.type, event.actor, event.target, { damage, critical, skill: state.skill }),
        log: lineOf(state, event, event.type, event.actor, critical),
        toMove: other(event.actor),
      };
    }
    case 'defend':
      return {
        ...state,
        defending: withSide(state.defending, event.actor, true),
        beat: beat(state, 'defend', event.actor, other(event.actor)),
        log: lineOf(state, event, 'defend', event.actor, false),
        toMove: other(event.actor),
      };
    case 'forfeit':
    case 'timeout':
      return {
        ...state,
        beat: beat(state, event.type, event.actor, other(event.actor)),
        log: lineOf(state, event, event.type, event.actor, false),
      };
    case 'end': {
      const ended = { ...state, hp: [event.hp[0], event.hp[1]] as [number, number] };
      return {
        ...ended,
        toMove: null,
        beat: beat(state, 'end', event.winner, other(event.winner)),
        log: lineOf(state, event, 'end', event.winner, false),
        end: { winner: event.winner, reason: event.reason },
      };
    }
  }
}

/** The stage after a run of events (from `start`, or on top of `from`). */
export function playEvents(events: readonly BattleEvent[], from: StageState = emptyStage): StageState {
  return events.reduce(applyEvent, from);
}

/** The stage before a fight: both fighters at full HP, nobody moving yet. */
export function idleStage(fighters: readonly [EventFighter, EventFighter]): StageState {
  return { ...applyEvent(emptyStage, { type: 'start', fighters: [fighters[0], fighters[1]], first: 0 }), toMove: null };
}
