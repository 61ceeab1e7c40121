import type { Stats } from '@common/classes';
import { SPECIAL_COOLDOWN_TURNS, SPECIAL_MULTIPLIER } from '@common/duel-rules';
import type { PvpMove } from '@common/pvp';

/**
 * What each move of /pvp-arena does and what it depends on (issue 24: Special hit for 3-6 where
 * Attack hit for 14-19, and nothing said Special runs on magic), with the player's own numbers.
 */
export function moveHelp(move: PvpMove, stats: Pick<Stats, 'attack' | 'magic'>): string {
  switch (move) {
    case 'attack':
      return "A blow with your class's power stat; your strongest ready skill fires with it.";
    case 'defend':
      return 'Halves the next hit you take (until it lands or you move again). Needs no stat.';
    case 'special': {
      const weak = stats.magic < stats.attack ? ' Weaker than Attack for you.' : '';
      return `Glitch Surge: ×${SPECIAL_MULTIPLIER} damage that runs on magic (yours ${stats.magic}, attack ${stats.attack}); then waits ${SPECIAL_COOLDOWN_TURNS} turns.${weak}`;
    }
  }
}

/** The turn under way, from 1 (`turnCount` counts the moves made); the last one once the battle ended. */
export function turnShown(turnCount: number, active: boolean): number {
  return active ? turnCount + 1 : Math.max(1, turnCount);
}
