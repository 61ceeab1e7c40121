/**
 * Query keys of stored battles: a replay by id (`GET /api/replays/{id}`, any signed-in player)
 * and a character's last battles (`GET /api/characters/{id}/battles`, the owner's).
 */
export const battleKeys = {
  replay: (id: number) => ['/api/replays', id] as const,
  history: (characterId: number) => ['/api/characters', characterId, 'battles'] as const,
};
