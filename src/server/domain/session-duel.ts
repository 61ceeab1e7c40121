import { CLASS_IDS, powerLevel, STAT_KEYS } from '@common/characters';
import type { Fighter } from './battle';
import { withSkillIds } from './duel-balance';
import { runAiBattle } from './engine-replay';
import { GHOST_AFTER_MS } from './matchmaking';
import { pvpBattleRewards } from './pvp';
import { createRng, mixSeed } from './rng';
import { typicalLoadout } from './typical-loadout';

/**
 * A ghost duel in a simulated session (session-sim.ts): while its fighter rests from PvE, the
 * player joins the real-time queue; alone for GHOST_AFTER_MS it is offered a ghost (a copy of a
 * real character of its level ± 1 and within 10 % of its power, here a typical loadout of a
 * random class) and duels it on the real-time page's rules ('duel', each side playing its strongest ready skill), for the ghost's half rewards (pvp.ts).
 */

/** Seconds to open Real PvP and join the queue. */
export const JOIN_QUEUE_SECONDS = 3;
/** Seconds the queue keeps a lone player before the ghost offer. */
export const GHOST_WAIT_SECONDS = GHOST_AFTER_MS / 1000;
/** Seconds to accept the ghost, and to read the duel's end. */
export const DUEL_OPEN_SECONDS = 2;
export const DUEL_END_SECONDS = 3;
/** Seconds the player takes to choose and see its own move, and to see the ghost's (it thinks 0.7 s). */
export const DUEL_OWN_TURN_SECONDS = 4;
export const DUEL_GHOST_TURN_SECONDS = 1.5;

export interface GhostDuel {
  won: boolean;
  ghostLevel: number;
  /** Seconds from accepting the offer to reading the end. */
  seconds: number;
  experience: number;
  credits: number;
}

/** The ghost offered to `fighter`: a random class's typical loadout at its level ± 1, its power within 10 %. */
export function ghostFor(fighter: Fighter, seed: number): Fighter {
  const rng = createRng(seed);
  const level = Math.max(1, fighter.level + rng.int(-1, 1));
  const ghost = typicalLoadout(rng.pick(CLASS_IDS), level).fighter;
  const k = (powerLevel(fighter.stats) * (0.9 + 0.2 * rng.next())) / Math.max(1, powerLevel(ghost.stats));
  const stats = { ...ghost.stats };
  for (const key of STAT_KEYS) stats[key] = Math.max(1, Math.round(stats[key] * k));
  return { ...ghost, name: `Ghost of ${ghost.name}`, stats };
}

/** One ghost duel of `fighter`, from the accepted offer to its end, with what it pays. */
export function ghostDuel(fighter: Fighter, seed: number): GhostDuel {
  const ghost = ghostFor(fighter, mixSeed(seed, 1));
  const played = runAiBattle('duel', [withSkillIds(fighter), withSkillIds(ghost)], mixSeed(seed, 2));
  const won = played.state.winner === 0;
  const moves = played.record.inputs.length;
  const own = Math.ceil(moves / 2);
  const seconds = DUEL_OPEN_SECONDS + own * DUEL_OWN_TURN_SECONDS + (moves - own) * DUEL_GHOST_TURN_SECONDS + DUEL_END_SECONDS;
  const rewards = pvpBattleRewards(won ? ghost.level : fighter.level, { ghost: true, noContest: moves < 2 });
  const mine = won ? rewards.winner : rewards.loser;
  return { won, ghostLevel: ghost.level, seconds, experience: mine.experience, credits: mine.credits };
}
