import type { MaterialView } from '@common/economy-api';

/** What the progress needs of a set (`GET /api/forge/sets`). */
export interface ForgeSetLike {
  id: string;
  name: string;
  requiredMaterials: Record<string, number>;
}

/**
 * Progress towards the next forge of a set: the materials held against what one piece needs.
 * The set is the one the player last looked at in the forge (kept in localStorage), else the
 * set the player is closest to.
 */

export const LAST_FORGE_SET_KEY = 'glitch-arena:forge-last-set';

export interface ForgeProgressItem {
  id: string;
  name: string;
  have: number;
  need: number;
}

export interface ForgeProgress {
  setId: string;
  setName: string;
  items: ForgeProgressItem[];
  /** Materials held that count towards the piece (each capped at what it needs). */
  owned: number;
  required: number;
  /** Every material is there: the next forge can be tried now. */
  ready: boolean;
  /** The set is the one last looked at in the forge (not a guess). */
  lastLooked: boolean;
}

/** 'void_dust' -> 'Void Dust', for a material the list does not name. */
function readable(id: string): string {
  return id
    .split(/[_\s-]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

type Store = Pick<Storage, 'getItem' | 'setItem'>;

function local(): Store | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

export function rememberForgeSet(setId: string, storage: Store | undefined = local()): void {
  try {
    storage?.setItem(LAST_FORGE_SET_KEY, setId);
  } catch {
    // Only the dashboard's hint is lost.
  }
}

export function lastForgeSet(storage: Store | undefined = local()): string | null {
  try {
    return storage?.getItem(LAST_FORGE_SET_KEY) ?? null;
  } catch {
    return null;
  }
}

/** One set's progress against the materials held. */
export function setProgress(set: ForgeSetLike, materials: readonly MaterialView[], lastLooked = false): ForgeProgress {
  const held = new Map(materials.map((m) => [m.id, m]));
  const items = Object.entries(set.requiredMaterials)
    .filter(([, need]) => need > 0)
    .map(([id, need]) => ({ id, name: held.get(id)?.name ?? readable(id), have: Math.max(0, held.get(id)?.amount ?? 0), need }));
  const owned = items.reduce((sum, i) => sum + Math.min(i.have, i.need), 0);
  const required = items.reduce((sum, i) => sum + i.need, 0);
  return { setId: set.id, setName: set.name, items, owned, required, ready: owned >= required, lastLooked };
}

/** The progress to show: the set last looked at if it still exists, else the one closest to a forge. */
export function forgeProgress(
  sets: readonly ForgeSetLike[],
  materials: readonly MaterialView[],
  lastSetId: string | null,
): ForgeProgress | null {
  const forgeable = sets.filter((s) => s.id !== 'none' && Object.values(s.requiredMaterials).some((n) => n > 0));
  const looked = lastSetId ? forgeable.find((s) => s.id === lastSetId) : undefined;
  if (looked) return setProgress(looked, materials, true);
  let best: ForgeProgress | null = null;
  for (const set of forgeable) {
    const p = setProgress(set, materials);
    if (!best || p.owned / p.required > best.owned / best.required) best = p;
  }
  return best;
}
