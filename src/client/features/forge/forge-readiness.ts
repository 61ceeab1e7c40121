import type { MaterialRequirement } from './forge-rules';

/** Whether a set can be forged with what the player holds, and what is missing (pure, no React). */

export interface SetReadiness {
  /** Every material in hand (a set needing nothing is always ready). */
  ready: boolean;
  /** Materials held of all those one piece needs, counted up to the need: 3 of 5. */
  held: number;
  needed: number;
  /** 'Glitch Shard 1/3': the materials still short, with what is held of what is needed. */
  missing: string[];
}

export function setReadiness(requirements: readonly MaterialRequirement[]): SetReadiness {
  const short = requirements.filter((r) => !r.enough);
  return {
    ready: short.length === 0,
    held: requirements.reduce((sum, r) => sum + Math.min(r.have, r.need), 0),
    needed: requirements.reduce((sum, r) => sum + r.need, 0),
    missing: short.map((r) => `${r.name} ${r.have}/${r.need}`),
  };
}

/**
 * Why Forge Equipment cannot be pressed, or null when it can. A missing set or slot does not
 * disable it (pressing says 'Invalid Selection', SPEC §5); materials still loading or short do,
 * and the reason names what is short: 'Missing Glitch Shard 1/3, Neon Core 0/1. Win PvE battles to
 * find more.'
 */
export function forgeBlockReason(chosenSet: boolean, requirements: readonly MaterialRequirement[], materialsLoading: boolean): string | null {
  if (!chosenSet) return null;
  if (materialsLoading) return 'Checking your materials...';
  const { ready, missing } = setReadiness(requirements);
  if (ready) return null;
  return `Missing ${missing.join(', ')}. Win PvE battles to find more.`;
}
