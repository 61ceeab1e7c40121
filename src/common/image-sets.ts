/**
 * Image sets: looks a character can wear (SPEC §2 Forge, Character Style). The default look is
 * free; the others cost credits once per player and need a level or a number of wins on the
 * character that changes into them. Each set recolours every avatar (sprite-art palettes).
 */
export interface ImageSetInfo {
  id: string;
  name: string;
  description: string;
  cost: number;
  requirement: { level?: number; wins?: number };
}

export const IMAGE_SETS: readonly ImageSetInfo[] = [
  { id: 'default', name: 'Classic', description: 'The look every fighter starts with.', cost: 0, requirement: {} },
  {
    id: 'neon',
    name: 'Neon Overdrive',
    description: 'Electric cyan and magenta, straight from the arcade cabinet.',
    cost: 500,
    requirement: { level: 2 },
  },
  {
    id: 'shadow',
    name: 'Shadow Protocol',
    description: 'Dark steel and violet for fighters who strike unseen.',
    cost: 1000,
    requirement: { level: 5 },
  },
  {
    id: 'inferno',
    name: 'Inferno Core',
    description: 'Molten orange and ember red, forged in an overheating CPU.',
    cost: 2000,
    requirement: { wins: 10 },
  },
  {
    id: 'golden',
    name: 'Golden Legend',
    description: 'Gilded armour worthy of the Legends Colosseum.',
    cost: 5000,
    requirement: { level: 15, wins: 25 },
  },
  {
    id: 'corrupted',
    name: 'Corrupted Signal',
    description: 'Glitched static and broken pixels: the arena itself bends around you.',
    cost: 8000,
    requirement: { level: 25 },
  },
];

export function imageSetById(id: string): ImageSetInfo | undefined {
  return IMAGE_SETS.find((s) => s.id === id);
}

/** The requirement as players read it, e.g. 'Level 15 and 25 wins'; 'None' when there is none. */
export function requirementText({ level, wins }: ImageSetInfo['requirement']): string {
  const parts = [level ? `Level ${level}` : '', wins ? `${wins} wins` : ''].filter(Boolean);
  return parts.length ? parts.join(' and ') : 'None';
}
