import type { BattleResultView } from '@common/game-api';

type Drop = NonNullable<BattleResultView['materialsGained']>[number];

/** The materials a battle dropped: 'Dropped: 2× Glitch Shard, 1× Neon Core', or null for none. */
export function droppedText(materials: readonly Drop[] | undefined): string | null {
  const drops = (materials ?? []).filter((m) => m.amount > 0);
  if (drops.length === 0) return null;
  return `Dropped: ${drops.map((m) => `${m.amount}× ${m.name}`).join(', ')}`;
}

/**
 * 'Victory! +X XP, +Y credits' or 'Defeat... +X XP' (with the credits a defeat pays, if any),
 * then the materials dropped: 'Victory! +60 XP, +70 credits. Dropped: 2× Glitch Shard'.
 */
export function resultLine(result: Pick<BattleResultView, 'result' | 'experienceGained' | 'creditsGained' | 'materialsGained'>): string {
  const rewards =
    result.result === 'victory'
      ? `Victory! +${result.experienceGained} XP, +${result.creditsGained} credits`
      : `Defeat... +${result.experienceGained} XP${result.creditsGained > 0 ? `, +${result.creditsGained} credits` : ''}`;
  const drops = droppedText(result.materialsGained);
  return drops ? `${rewards}. ${drops}` : rewards;
}

/** The numbers the result line shows, kept after the stage resets for the next enemy. */
export interface Outcome {
  result: BattleResultView['result'];
  line: string;
  /** 'Dropped: ...' for the log, or null. */
  drops: string | null;
  levelsGained: number;
  level: number;
  /** The stored battle, for 'Watch replay'. */
  replayId: number;
  /** The fighter's first defeat: a tip points to the gear shop. */
  firstDefeat: boolean;
}

/**
 * The toast's text: the result line, then the level reached as a sentence of its own:
 * 'Victory! +60 XP, +70 credits. LEVEL UP! Now level 4.'
 */
export function outcomeText(outcome: Pick<Outcome, 'line' | 'levelsGained' | 'level'>): string {
  if (outcome.levelsGained <= 0) return outcome.line;
  return `${outcome.line}. LEVEL UP! Now level ${outcome.level}.`;
}

export function outcomeOf(result: BattleResultView): Outcome {
  return {
    result: result.result,
    line: resultLine(result),
    drops: droppedText(result.materialsGained),
    levelsGained: result.levelsGained,
    level: result.character.level,
    replayId: result.replayId,
    firstDefeat: result.result === 'defeat' && result.firstDefeat === true,
  };
}
