/**
 * Query keys of the player's characters. A key is also the URL it reads (lib/api joins its
 * parts), and every per-character key starts with `all`: invalidating `all` after any change
 * to a character refreshes the list and each character's skills, progression and gear.
 */
export const characterKeys = {
  /** `GET /api/characters`: the player's own characters, best first. */
  all: ['/api/characters'] as const,
  /** `GET /api/characters/{id}/skills`: the skills a character has learned. */
  skills: (characterId: number) => ['/api/characters', characterId, 'skills'] as const,
  /** `GET /api/characters/{id}/progression`: level, experience and unspent points. */
  progression: (characterId: number) => ['/api/characters', characterId, 'progression'] as const,
  /** `GET /api/characters/{id}/equipment`: the pieces a character owns, worn or not. */
  equipment: (characterId: number) => ['/api/characters', characterId, 'equipment'] as const,
  /** `GET /api/character/image-sets`: the looks the current character can wear. */
  imageSets: ['/api/character/image-sets'] as const,
};
