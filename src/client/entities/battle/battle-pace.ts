/**
 * The pace a fought PvE battle is shown at (SPEC §4, §9): one beat a second, and a new enemy
 * 2 s after the outcome. A page may be given another pace through localStorage
 * (`glitch-arena:battle-pace` = `{"stepMs": 40, "nextEnemyMs": 80}`), so end-to-end tests need
 * not wait it out; anything unreadable falls back to the spec's pace.
 */

export interface BattlePace {
  /** Between two beats of a battle being shown (and from the last beat to the outcome). */
  stepMs: number;
  /** From the outcome to the next enemy. */
  nextEnemyMs: number;
}

export const SPEC_PACE: Readonly<BattlePace> = Object.freeze({ stepMs: 1000, nextEnemyMs: 2000 });

export const BATTLE_PACE_KEY = 'glitch-arena:battle-pace';

const MAX_MS = 60_000;

function millis(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.min(value, MAX_MS) : fallback;
}

/** The pace stored as JSON, each field checked on its own. */
export function parsePace(raw: string | null | undefined): BattlePace {
  if (!raw) return { ...SPEC_PACE };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return { ...SPEC_PACE };
  }
  if (!parsed || typeof parsed !== 'object') return { ...SPEC_PACE };
  const { stepMs, nextEnemyMs } = parsed as Record<string, unknown>;
  return { stepMs: millis(stepMs, SPEC_PACE.stepMs), nextEnemyMs: millis(nextEnemyMs, SPEC_PACE.nextEnemyMs) };
}

/** This page's pace. */
export function battlePace(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): BattlePace {
  try {
    return parsePace(storage?.getItem(BATTLE_PACE_KEY));
  } catch {
    return { ...SPEC_PACE };
  }
}

/** Between two beats of a battle watched live (PvP, spectating): moves arrive as they are made. */
export const LIVE_STEP_MS = 450;
