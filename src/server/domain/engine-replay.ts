import type { BattleEvent } from '@common/battle-events';
import type { Fighter } from './battle';
import { bestAction, rngFor, startBattle, step, type Action, type BattleState, type RulesName } from './engine';

/**
 * What is stored of a battle (docs/battle-protocol.md): the rules, both fighters as they
 * fought, the seed and every action in order. Everything else (each hit, the log, the winner) is
 * rebuilt from these by the engine.
 */
export interface BattleRecord {
  rules: RulesName;
  fighters: [Fighter, Fighter];
  seed: number;
  inputs: Action[];
}

export interface PlayedBattle {
  state: BattleState;
  events: BattleEvent[];
}

/** The AI's action: its side's best ready skill, else a basic attack (engine.bestAction). */
export function aiAction(state: BattleState): Action {
  return bestAction(state);
}

/** Applies one action to a played battle; a refused action throws (stored inputs were all accepted once). */
function apply(played: PlayedBattle, action: Action): PlayedBattle {
  const result = step(played.state, action, rngFor(played.state));
  if (!result.ok) throw new Error(`battle replay: action refused at turn ${played.state.turn}: ${result.message}`);
  return { state: result.state, events: [...played.events, ...result.events] };
}

/** The battle a record describes, as far as its inputs go. */
export function replayBattle(record: BattleRecord): PlayedBattle {
  let played: PlayedBattle = startBattle(record.rules, record.fighters, record.seed);
  for (const action of record.inputs) played = apply(played, action);
  return played;
}

/** A battle fought by the AI on both sides from start to end (PvE, guild duels, balance), with its record. */
export function runAiBattle(rules: RulesName, fighters: [Fighter, Fighter], seed: number): PlayedBattle & { record: BattleRecord } {
  let played: PlayedBattle = startBattle(rules, fighters, seed);
  const inputs: Action[] = [];
  while (played.state.winner === null) {
    const action = aiAction(played.state);
    inputs.push(action);
    played = apply(played, action);
  }
  return { ...played, record: { rules, fighters, seed, inputs } };
}
