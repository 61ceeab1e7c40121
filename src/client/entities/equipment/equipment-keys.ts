/**
 * Query keys of the gear catalogue (a key is also the URL it reads). What a character owns is
 * a character key (`characterKeys.equipment`).
 */
export const equipmentKeys = {
  /** `GET /api/equipment`: the whole catalogue. */
  all: ['/api/equipment'] as const,
  /** `GET /api/equipment/marketplace`: the pieces for sale. */
  market: ['/api/equipment/marketplace'] as const,
};
