import { describe, expect, it } from 'vitest';
import type { MaterialView } from '@common/economy-api';
import { forgeBlockReason, setReadiness } from './forge-readiness';
import { materialRequirements } from './forge-rules';

const held = (id: string, name: string, amount: number): MaterialView => ({ id, name, rarity: 'common', description: '', amount });
const owned = [held('glitch_shard', 'Glitch Shard', 1), held('neon_core', 'Neon Core', 4)];
const needs = (requiredMaterials: Record<string, number>) => materialRequirements({ requiredMaterials }, owned);

describe('setReadiness', () => {
  it('counts what is held against what one piece needs, each material up to its need, and names what is short', () => {
    const r = setReadiness(needs({ glitch_shard: 3, neon_core: 2, void_dust: 1 }));
    expect(r).toEqual({ ready: false, held: 3, needed: 6, missing: ['Glitch Shard 1/3', 'Void Dust 0/1'] });
  });

  it('is ready with every material in hand, and for a set that needs nothing', () => {
    expect(setReadiness(needs({ glitch_shard: 1, neon_core: 4 }))).toEqual({ ready: true, held: 5, needed: 5, missing: [] });
    expect(setReadiness([]).ready).toBe(true);
  });
});

describe('forgeBlockReason', () => {
  it('does not block before a set is chosen (pressing then says Invalid Selection)', () => {
    expect(forgeBlockReason(false, [], false)).toBeNull();
  });

  it('blocks while the materials load and while any is short, saying which', () => {
    expect(forgeBlockReason(true, needs({ glitch_shard: 1 }), true)).toBe('Checking your materials...');
    expect(forgeBlockReason(true, needs({ glitch_shard: 2, neon_core: 5 }), false)).toBe('Missing Glitch Shard 1/2, Neon Core 4/5. Win PvE battles to find more.');
  });

  it('lets a set be forged once everything is in hand', () => {
    expect(forgeBlockReason(true, needs({ glitch_shard: 1, neon_core: 4 }), false)).toBeNull();
  });
});
