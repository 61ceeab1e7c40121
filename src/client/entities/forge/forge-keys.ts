/** Query keys of the forge (a key is also the URL it reads). */
export const forgeKeys = {
  /** `GET /api/forge/materials`: the player's materials. */
  materials: ['/api/forge/materials'] as const,
  /** `GET /api/forge/sets`: the equipment sets and what each needs. */
  sets: ['/api/forge/sets'] as const,
};
