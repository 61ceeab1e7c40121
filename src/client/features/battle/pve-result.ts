import type { BattleResultView } from '@common/game-api';

/** 'Victory! +X XP, +Y credits' or 'Defeat... +X XP'. */
export function resultLine(result: Pick<BattleResultView, 'result' | 'experienceGained' | 'creditsGained'>): string {
  return result.result === 'victory'
    ? `Victory! +${result.experienceGained} XP, +${result.creditsGained} credits`
    : `Defeat... +${result.experienceGained} XP`;
}

/** The numbers the result line shows, kept after the stage resets for the next enemy. */
export interface Outcome {
  result: BattleResultView['result'];
  line: string;
  levelsGained: number;
  level: number;
  /** The stored battle, for 'Watch replay'. */
  replayId: number;
}

export function outcomeOf(result: BattleResultView): Outcome {
  return {
    result: result.result,
    line: resultLine(result),
    levelsGained: result.levelsGained,
    level: result.character.level,
    replayId: result.replayId,
  };
}
