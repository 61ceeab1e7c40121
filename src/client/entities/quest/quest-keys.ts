/** Query keys of quests (a key is also the URL it reads). */
export const questKeys = {
  /** `GET /api/quests`: the player's first-steps chain and today's dailies. */
  all: ['/api/quests'] as const,
};
