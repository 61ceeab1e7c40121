import { CLASS_IDS, type ClassId } from '@common/characters';
import type { Fighter } from './battle';
import { bestAction, rngFor, startBattle, step, type Action, type BattleState, type RulesName } from './engine';
import { mixSeed } from './rng';
import { typicalLoadout } from './typical-loadout';

/**
 * Duel balance by simulation (`npm run balance`, issue 24), with the one battle engine on the
 * real-time page's rules ('duel'):
 *
 * - mirror duels: two identical fighters (the typical loadout of a class at a level), both
 *   playing the best policy (the strongest ready skill, else attack). The opener must not win
 *   more than 55 % of them;
 * - skill choice: two identical fighters, one choosing its learned skills, the other only
 *   attacking. The one that chooses must win at least 60 %, so the choice matters.
 */

export const DUEL_LEVELS = [5, 10, 20, 30] as const;
export const MAX_FIRST_MOVER_RATE = 0.55;
export const MIN_SKILL_CHOICE_RATE = 0.6;

/** How a side picks its action in a duel. */
export type DuelPolicy = (state: BattleState) => Action;
/** The strongest ready learned skill, else attack. */
export const bestPolicy: DuelPolicy = bestAction;
/** Never a skill. */
export const attackOnly: DuelPolicy = () => ({ type: 'attack' });

/** A fighter whose abilities are numbered as learned skills are (those with an id keep it), so a duel can choose them. */
export function withSkillIds(fighter: Fighter): Fighter {
  return { ...fighter, abilities: (fighter.abilities ?? []).map((ability, i) => ({ ...ability, id: ability.id ?? i + 1 })) };
}

/** The typical fighter of a class at a level, its abilities numbered as learned skills are. */
export function duelFighter(classId: ClassId, level: number): Fighter {
  return withSkillIds(typicalLoadout(classId, level).fighter);
}

export interface DuelResult {
  winner: 0 | 1;
  first: 0 | 1;
  state: BattleState;
}

/** One duel to its end, each side acting by its policy. */
export function playDuel(rules: RulesName, fighters: readonly [Fighter, Fighter], seed: number, policies: readonly [DuelPolicy, DuelPolicy]): DuelResult {
  let { state } = startBattle(rules, fighters, seed);
  const first = state.current;
  while (state.winner === null) {
    const result = step(state, policies[state.current](state), rngFor(state));
    if (!result.ok) throw new Error(`duel: action refused at turn ${state.turn}: ${result.message}`);
    state = result.state;
  }
  return { winner: state.winner, first, state };
}

export interface DuelRate {
  /** Over every class and level, 0..1. */
  rate: number;
  byClass: Record<ClassId, number>;
  battles: number;
}

export interface DuelOptions {
  battlesPerClass: number;
  levels?: readonly number[];
  seed?: number;
  rules?: RulesName;
}

function rateOver(options: DuelOptions, salt: number, won: (classId: ClassId, level: number, seed: number, i: number) => boolean): DuelRate {
  const levels = options.levels ?? DUEL_LEVELS;
  const perLevel = Math.max(1, Math.round(options.battlesPerClass / levels.length));
  const byClass = {} as Record<ClassId, number>;
  let wins = 0;
  let battles = 0;
  CLASS_IDS.forEach((classId, c) => {
    let classWins = 0;
    levels.forEach((level, l) => {
      for (let i = 0; i < perLevel; i++) {
        if (won(classId, level, mixSeed(options.seed ?? 1, salt + c * 1_000_003 + l * 10_007 + i), i)) classWins += 1;
      }
    });
    byClass[classId] = classWins / (perLevel * levels.length);
    wins += classWins;
    battles += perLevel * levels.length;
  });
  return { rate: wins / battles, byClass, battles };
}

/** Share of mirror duels (both sides the best policy) the side that moved first wins. */
export function mirrorFirstMover(options: DuelOptions): DuelRate {
  const rules = options.rules ?? 'duel';
  return rateOver(options, 1, (classId, level, seed) => {
    const me = duelFighter(classId, level);
    const { winner, first } = playDuel(rules, [me, { ...me }], seed, [bestPolicy, bestPolicy]);
    return winner === first;
  });
}

/** Share of duels between identical fighters the one choosing its skills wins against one that only attacks (sides swapped every battle). */
export function skillChoiceVsAttack(options: DuelOptions): DuelRate {
  const rules = options.rules ?? 'duel';
  return rateOver(options, 2, (classId, level, seed, i) => {
    const me = duelFighter(classId, level);
    const chooserSide = (i % 2) as 0 | 1;
    const policies: [DuelPolicy, DuelPolicy] = chooserSide === 0 ? [bestPolicy, attackOnly] : [attackOnly, bestPolicy];
    return playDuel(rules, [me, { ...me }], seed, policies).winner === chooserSide;
  });
}
