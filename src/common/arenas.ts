/** The PvP arenas of SPEC §9: a fighter joins the one whose level range holds its level. */
export const ARENA_IDS = ['arena1', 'arena2', 'arena3', 'arena4'] as const;
export type ArenaId = (typeof ARENA_IDS)[number];

export interface ArenaInfo {
  id: ArenaId;
  name: string;
  minLevel: number;
  maxLevel: number;
  description: string;
}

export const ARENAS: readonly ArenaInfo[] = [
  { id: 'arena1', name: 'Training Grounds', minLevel: 1, maxLevel: 10, description: 'Dusty sparring rings where new fighters learn to read a glitch.' },
  { id: 'arena2', name: 'Gladiator Pit', minLevel: 11, maxLevel: 25, description: 'A corrupted pit of sand and static. Only the tough climb out.' },
  { id: 'arena3', name: 'Champions Arena', minLevel: 26, maxLevel: 50, description: 'Neon stands, roaring crowds and champions who never lag.' },
  { id: 'arena4', name: 'Legends Colosseum', minLevel: 51, maxLevel: 999, description: 'Where legends rewrite the rules of the arena itself.' },
];

export function arenaById(id: string): ArenaInfo | undefined {
  return ARENAS.find((a) => a.id === id);
}

export function levelFits(arena: Pick<ArenaInfo, 'minLevel' | 'maxLevel'>, level: number): boolean {
  return level >= arena.minLevel && level <= arena.maxLevel;
}

export function levelRange(arena: Pick<ArenaInfo, 'minLevel' | 'maxLevel'>): string {
  return `Level ${arena.minLevel}-${arena.maxLevel}`;
}
