/** SPEC §9 arena level ranges. */
export interface ArenaInfo {
  id: 'arena1' | 'arena2' | 'arena3' | 'arena4';
  name: string;
  minLevel: number;
  maxLevel: number;
  description: string;
}

export const ARENAS: readonly ArenaInfo[] = [
  {
    id: 'arena1',
    name: 'Training Grounds',
    minLevel: 1,
    maxLevel: 10,
    description: 'Dusty sparring rings where new fighters learn to read a glitch.',
  },
  {
    id: 'arena2',
    name: 'Gladiator Pit',
    minLevel: 11,
    maxLevel: 25,
    description: 'A corrupted pit of sand and static. Only the tough climb out.',
  },
  {
    id: 'arena3',
    name: 'Champions Arena',
    minLevel: 26,
    maxLevel: 50,
    description: 'Neon stands, roaring crowds and champions who never lag.',
  },
  {
    id: 'arena4',
    name: 'Legends Colosseum',
    minLevel: 51,
    maxLevel: 999,
    description: 'Where legends rewrite the rules of the arena itself.',
  },
];

export function levelFits(arena: ArenaInfo, level: number): boolean {
  return level >= arena.minLevel && level <= arena.maxLevel;
}

export function levelRange(arena: ArenaInfo): string {
  return `Level ${arena.minLevel}-${arena.maxLevel}`;
}
