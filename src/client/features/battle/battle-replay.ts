import type { BattleLogEntryView, BattleResultView, CharacterView, EnemyView } from '@common/game-api';

export type Side = 'player' | 'enemy';

/** A finished battle being replayed on the stage, one log entry per second. */
export interface Replay {
  result: BattleResultView;
  /** The fighter as it was when the battle started (its max HP before any level-up). */
  fighter: CharacterView;
  /** How many log entries are on screen. */
  shown: number;
  /** Every entry shown and the outcome announced. */
  done: boolean;
}

/** What the stage shows after `shown` entries of a replay. */
export interface StageFrame {
  playerHp: number;
  playerMax: number;
  enemyHp: number;
  enemyMax: number;
  /** Index of the newest entry shown, -1 before the first. */
  index: number;
  entry: BattleLogEntryView | null;
  attacker: Side | null;
  defender: Side | null;
  /** HP the defender lost with this entry (0 for a dodge). */
  damage: number;
  critical: boolean;
  /** The newest entry is the closing one, naming the winner. */
  final: boolean;
  /** Set once the closing entry is on screen. */
  winner: Side | null;
}

/** SPEC §9: max HP is twice the defense stat. */
export function maxHpOf(fighter: Pick<CharacterView | EnemyView, 'maxHp' | 'stats'>): number {
  const max = fighter.maxHp > 0 ? fighter.maxHp : 2 * fighter.stats.defense;
  return Math.max(1, max);
}

export function otherSide(side: Side): Side {
  return side === 'player' ? 'enemy' : 'player';
}

/** The stage before a fight: both fighters at full HP. */
export function idleFrame(playerMax: number, enemyMax: number): StageFrame {
  return {
    playerHp: playerMax,
    playerMax,
    enemyHp: enemyMax,
    enemyMax,
    index: -1,
    entry: null,
    attacker: null,
    defender: null,
    damage: 0,
    critical: false,
    final: false,
    winner: null,
  };
}

/** Replays the first `shown` entries of a battle log onto full HP bars. */
export function frameAt(log: readonly BattleLogEntryView[], shown: number, playerMax: number, enemyMax: number, result: 'victory' | 'defeat'): StageFrame {
  const frame = idleFrame(playerMax, enemyMax);
  const count = Math.min(Math.max(shown, 0), log.length);
  let prevHp = 0;
  for (let i = 0; i < count; i++) {
    const entry = log[i];
    if (!entry) continue;
    const defender = entry.defender;
    prevHp = defender === 'player' ? frame.playerHp : frame.enemyHp;
    const hp = Math.max(0, entry.defenderHp);
    if (defender === 'player') frame.playerHp = hp;
    else frame.enemyHp = hp;
    if (i === count - 1) {
      frame.index = i;
      frame.entry = entry;
      frame.defender = defender;
      frame.attacker = otherSide(defender);
      frame.damage = Math.max(0, prevHp - hp);
      frame.critical = /critical/i.test(entry.message);
      frame.final = i === log.length - 1;
    }
  }
  // A server answer whose HP exceeds the expected maximum still fits its bar.
  frame.playerMax = Math.max(frame.playerMax, frame.playerHp);
  frame.enemyMax = Math.max(frame.enemyMax, frame.enemyHp);
  if (frame.final) frame.winner = result === 'victory' ? 'player' : 'enemy';
  return frame;
}

/** 'Victory! +X XP, +Y credits' or 'Defeat... +X XP'. */
export function resultLine(result: Pick<BattleResultView, 'result' | 'experienceGained' | 'creditsGained'>): string {
  return result.result === 'victory'
    ? `Victory! +${result.experienceGained} XP, +${result.creditsGained} credits`
    : `Defeat... +${result.experienceGained} XP`;
}
