import type { EndReason } from '@common/battle-events';
import type { PvpVariant } from '@common/pvp';
import type { RulesName } from './engine';
import { GHOST_REWARD_SHARE } from './matchmaking';

/**
 * PvP rewards (DESIGN §4) besides the fight itself (engine.ts) and matchmaking
 * (matchmaking.ts). Pure.
 */

export type PvpEndReason = EndReason;

/**
 * The engine's rules of a page's battles: the queue page's, or the real-time page's duel (a
 * chosen skill beside attack, the second mover braced). Battles stored with the older real-time
 * rules ('realtime') keep them in their record and replay with them.
 */
export function rulesOf(variant: PvpVariant): RulesName {
  return variant === 'realtime' ? 'duel' : 'queue';
}

/**
 * A battle that ends before both players have moved (an instant forfeit, an opening timeout)
 * is no contest (engine.ts `isNoContest`): nothing is paid and no win or loss counts, so two
 * friendly accounts cannot mint credits by forfeiting to each other.
 */
export const NO_CONTEST_REWARDS = {
  winner: { experience: 0, credits: 0 },
  loser: { experience: 0, credits: 0 },
} as const;

export interface PvpRewards {
  winner: { experience: number; credits: number };
  loser: { experience: number; credits: number };
}

/**
 * What a battle pays: the winner by the level of the opponent beaten, the loser a little
 * experience; a ghost battle half of that (whole numbers), a battle that was no contest nothing.
 */
export function pvpBattleRewards(loserLevel: number, { ghost, noContest }: { ghost: boolean; noContest: boolean }): PvpRewards {
  if (noContest) return NO_CONTEST_REWARDS;
  const full = {
    winner: { experience: 50 + 10 * loserLevel, credits: 100 + 20 * loserLevel },
    loser: { experience: 10, credits: 0 },
  };
  if (!ghost) return full;
  const share = (r: { experience: number; credits: number }) => ({ experience: Math.floor(r.experience * GHOST_REWARD_SHARE), credits: Math.floor(r.credits * GHOST_REWARD_SHARE) });
  return { winner: share(full.winner), loser: share(full.loser) };
}
