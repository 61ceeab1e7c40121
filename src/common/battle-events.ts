import type { ClassId } from './characters';

/**
 * The battle event protocol (docs/battle-protocol.md): what one battle engine reports, for
 * every kind of fight. Events are data; the log's text is made from them by one formatter
 * (battle-text.ts), and the client's battle view is one reducer over them.
 *
 * Sides are 0 and 1: in PvE 0 is the player and 1 the enemy, in PvP 0 is player1, in a guild
 * duel 0 is the challenger.
 */
export type Side = 0 | 1;

export type AbilityKind = 'active' | 'ultimate' | 'special';

export type EndReason = 'knockout' | 'time' | 'forfeit' | 'timeout';

/** Who fights, as the events' reader needs them: names and the HP they start with. */
export interface EventFighter {
  name: string;
  class: ClassId;
  level: number;
  maxHp: number;
}

export type BattleEvent =
  /** The battle begins: both fighters at full HP; `first` acts first. */
  | { type: 'start'; fighters: [EventFighter, EventFighter]; first: Side }
  /** A side's turn begins (turn counts every action of the battle, from 1). */
  | { type: 'turn'; turn: number; round: number; actor: Side }
  /** A side uses a learned skill or the special; a hit or a miss follows. */
  | { type: 'skill'; actor: Side; name: string; kind: AbilityKind }
  /** `flavor` picks the wording of the line (the verb), drawn by the engine. */
  | { type: 'hit'; actor: Side; target: Side; damage: number; critical: boolean; hpAfter: number; ability: { name: string; kind: AbilityKind } | null; flavor: number }
  | { type: 'miss'; actor: Side; target: Side; flavor: number }
  /** The actor braces: the next hit it takes is halved. */
  | { type: 'defend'; actor: Side }
  | { type: 'forfeit'; actor: Side }
  /** The actor's turn timer ran out. */
  | { type: 'timeout'; actor: Side }
  /** The battle is over; `hp` is what each side has left. */
  | { type: 'end'; winner: Side; reason: EndReason; hp: [number, number] };

export type BattleEventType = BattleEvent['type'];

/** One line of the battle log as the API has always answered it (SPEC §7). */
export interface LogLine {
  message: string;
  /** The name of the fighter acting (for a closing line: the winner). */
  attacker: string;
  /** HP of the fighter on the receiving end after the line. */
  defenderHp: number;
  /** The side `attacker` is on, and the side whose HP `defenderHp` is. */
  actor: Side;
  target: Side;
}

export const other = (side: Side): Side => (side === 0 ? 1 : 0);
