import { describe, expect, it } from 'vitest';
import type { MaterialView } from '@common/economy-api';
import { forgeProgress, lastForgeSet, rememberForgeSet, setProgress, type ForgeSetLike } from './forge-progress';

const material = (id: string, name: string, amount: number) => ({ id, name, amount, rarity: 'common', description: '' }) as MaterialView;
const held = [material('glitch_shard', 'Glitch Shard', 3), material('neon_core', 'Neon Core', 0), material('void_dust', 'Void Dust', 9)];
const sets: ForgeSetLike[] = [
  { id: 'none', name: 'None', requiredMaterials: {} },
  { id: 'cyber', name: 'Cyber Set', requiredMaterials: { glitch_shard: 5, neon_core: 2 } },
  { id: 'void', name: 'Void Set', requiredMaterials: { void_dust: 4, glitch_shard: 2 } },
];

describe('setProgress', () => {
  it('counts the materials held towards a piece, each capped at its need', () => {
    const p = setProgress(sets[1]!, held);
    expect(p.items).toEqual([
      { id: 'glitch_shard', name: 'Glitch Shard', have: 3, need: 5 },
      { id: 'neon_core', name: 'Neon Core', have: 0, need: 2 },
    ]);
    expect([p.owned, p.required, p.ready]).toEqual([3, 7, false]);
    const ready = setProgress(sets[2]!, held);
    expect([ready.owned, ready.required, ready.ready]).toEqual([6, 6, true]);
  });

  it('a material the player never saw counts as none', () => {
    expect(setProgress(sets[1]!, []).owned).toBe(0);
    expect(setProgress(sets[1]!, []).items[1]!.name).toBe('Neon Core');
  });
});

describe('forgeProgress', () => {
  it('follows the set last looked at', () => {
    const p = forgeProgress(sets, held, 'cyber');
    expect(p?.setName).toBe('Cyber Set');
    expect(p?.lastLooked).toBe(true);
  });

  it('falls back to the set closest to a forge (never the placeholder)', () => {
    expect(forgeProgress(sets, held, null)?.setId).toBe('void');
    expect(forgeProgress(sets, held, 'gone')?.lastLooked).toBe(false);
    expect(forgeProgress([sets[0]!], held, 'none')).toBeNull();
  });

  it('remembers the last set in a storage', () => {
    const items = new Map<string, string>();
    const storage = { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v) };
    expect(lastForgeSet(storage)).toBeNull();
    rememberForgeSet('void', storage);
    expect(lastForgeSet(storage)).toBe('void');
  });
});
