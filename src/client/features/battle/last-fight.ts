import type { Outcome } from './pve-result';

/**
 * A fought battle whose outcome was not shown yet, kept in the tab's sessionStorage: when the
 * page reloads (or the player leaves) while the log is still being told, the battle page shows
 * the outcome of the battle that was fought instead of forgetting it.
 */
export const LAST_FIGHT_KEY = 'glitch-arena:pve-unshown-fight';

export interface UnshownFight {
  fighterName: string;
  enemyName: string;
  outcome: Outcome;
}

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function session(): Store | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

/** Remembers a battle the server fought, until its outcome is shown. */
export function keepUnshownFight(fight: UnshownFight, storage: Store | undefined = session()): void {
  try {
    storage?.setItem(LAST_FIGHT_KEY, JSON.stringify(fight));
  } catch {
    // A full or blocked storage only loses the reminder.
  }
}

/** The outcome was shown: nothing to remind. */
export function forgetUnshownFight(storage: Store | undefined = session()): void {
  try {
    storage?.removeItem(LAST_FIGHT_KEY);
  } catch {
    // Nothing to do.
  }
}

function isOutcome(value: unknown): value is Outcome {
  if (!value || typeof value !== 'object') return false;
  const o = value as Record<string, unknown>;
  return (
    (o.result === 'victory' || o.result === 'defeat') &&
    typeof o.line === 'string' &&
    typeof o.levelsGained === 'number' &&
    typeof o.level === 'number' &&
    typeof o.replayId === 'number' &&
    (o.drops === null || typeof o.drops === 'string') &&
    typeof o.firstDefeat === 'boolean'
  );
}

/** The battle fought but not shown (read once: it is forgotten as it is taken), or null. */
export function takeUnshownFight(storage: Store | undefined = session()): UnshownFight | null {
  let raw: string | null = null;
  try {
    raw = storage?.getItem(LAST_FIGHT_KEY) ?? null;
  } catch {
    return null;
  }
  if (!raw) return null;
  forgetUnshownFight(storage);
  try {
    const parsed = JSON.parse(raw) as Partial<UnshownFight>;
    if (typeof parsed.fighterName !== 'string' || typeof parsed.enemyName !== 'string' || !isOutcome(parsed.outcome)) return null;
    return { fighterName: parsed.fighterName, enemyName: parsed.enemyName, outcome: parsed.outcome };
  } catch {
    return null;
  }
}
